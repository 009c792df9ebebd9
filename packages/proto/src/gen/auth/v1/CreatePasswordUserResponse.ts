// Original file: protos/auth/v1/passwords.proto

import type { UserSummary as _auth_v1_UserSummary, UserSummary__Output as _auth_v1_UserSummary__Output } from '../../auth/v1/UserSummary';

export interface CreatePasswordUserResponse {
  'user'?: (_auth_v1_UserSummary | null);
  'invited'?: (boolean);
}

export interface CreatePasswordUserResponse__Output {
  'user': (_auth_v1_UserSummary__Output | null);
  'invited': (boolean);
}
