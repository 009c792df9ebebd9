// Original file: protos/auth/v1/events.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface DisableWebhookRequest {
  'id'?: (string);
  'actor'?: (_auth_v1_AdminActor | null);
  'reason'?: (string);
}

export interface DisableWebhookRequest__Output {
  'id': (string);
  'actor': (_auth_v1_AdminActor__Output | null);
  'reason': (string);
}
