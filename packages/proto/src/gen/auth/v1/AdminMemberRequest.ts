// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminMemberRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'org'?: (string);
  'userId'?: (string);
}

export interface AdminMemberRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'org': (string);
  'userId': (string);
}
