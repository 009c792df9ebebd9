// Original file: protos/auth/v1/events.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface UpdateWebhookRequest {
  'id'?: (string);
  'actor'?: (_auth_v1_AdminActor | null);
  'fields'?: (string)[];
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
}

export interface UpdateWebhookRequest__Output {
  'id': (string);
  'actor': (_auth_v1_AdminActor__Output | null);
  'fields': (string)[];
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
}
