// Original file: protos/auth/v1/totp.proto

import type { TotpUser as _auth_v1_TotpUser, TotpUser__Output as _auth_v1_TotpUser__Output } from '../../auth/v1/TotpUser';

export interface TotpUserRequest {
  'user'?: (_auth_v1_TotpUser | null);
}

export interface TotpUserRequest__Output {
  'user': (_auth_v1_TotpUser__Output | null);
}
