// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminListMembersRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'org'?: (string);
  'cursor'?: (string);
  'limit'?: (number);
}

export interface AdminListMembersRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'org': (string);
  'cursor': (string);
  'limit': (number);
}
