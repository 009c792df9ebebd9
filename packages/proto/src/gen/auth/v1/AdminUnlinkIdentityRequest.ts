// Original file: protos/auth/v1/admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminUnlinkIdentityRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'userId'?: (string);
  'identityId'?: (string);
}

export interface AdminUnlinkIdentityRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'userId': (string);
  'identityId': (string);
}
