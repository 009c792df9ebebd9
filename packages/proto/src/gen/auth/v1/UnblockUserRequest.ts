// Original file: protos/auth/v1/admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface UnblockUserRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'userId'?: (string);
}

export interface UnblockUserRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'userId': (string);
}
