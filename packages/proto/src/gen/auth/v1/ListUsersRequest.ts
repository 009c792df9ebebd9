// Original file: protos/auth/v1/admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface ListUsersRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'query'?: (string);
  'status'?: (string);
  'provider'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  'order'?: (string);
}

export interface ListUsersRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'query': (string);
  'status': (string);
  'provider': (string);
  'limit': (number);
  'cursor': (string);
  'order': (string);
}
