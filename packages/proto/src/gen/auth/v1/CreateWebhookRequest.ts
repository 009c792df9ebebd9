// Original file: protos/auth/v1/events.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface CreateWebhookRequest {
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
  'actor'?: (_auth_v1_AdminActor | null);
}

export interface CreateWebhookRequest__Output {
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
  'actor': (_auth_v1_AdminActor__Output | null);
}
