// Original file: protos/auth/v1/passwords.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface ForcePasswordResetRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'userId'?: (string);
}

export interface ForcePasswordResetRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'userId': (string);
}
