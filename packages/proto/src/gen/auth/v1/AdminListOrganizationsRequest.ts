// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminListOrganizationsRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'query'?: (string);
  'cursor'?: (string);
  'limit'?: (number);
}

export interface AdminListOrganizationsRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'query': (string);
  'cursor': (string);
  'limit': (number);
}
