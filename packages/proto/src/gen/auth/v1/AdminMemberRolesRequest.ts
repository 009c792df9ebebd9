// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminMemberRolesRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'org'?: (string);
  'userId'?: (string);
  'roles'?: (string)[];
}

export interface AdminMemberRolesRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'org': (string);
  'userId': (string);
  'roles': (string)[];
}
