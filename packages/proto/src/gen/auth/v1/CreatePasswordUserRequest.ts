// Original file: protos/auth/v1/passwords.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface CreatePasswordUserRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'email'?: (string);
  'name'?: (string);
  'password'?: (string);
}

export interface CreatePasswordUserRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'email': (string);
  'name': (string);
  'password': (string);
}
