// Original file: protos/auth/v1/admin.proto

import type { UserSummary as _auth_v1_UserSummary, UserSummary__Output as _auth_v1_UserSummary__Output } from '../../auth/v1/UserSummary';

export interface ListUsersResponse {
  'users'?: (_auth_v1_UserSummary)[];
  'nextCursor'?: (string);
}

export interface ListUsersResponse__Output {
  'users': (_auth_v1_UserSummary__Output)[];
  'nextCursor': (string);
}
