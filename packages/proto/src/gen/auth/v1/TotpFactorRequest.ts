// Original file: protos/auth/v1/totp.proto

import type { TotpUser as _auth_v1_TotpUser, TotpUser__Output as _auth_v1_TotpUser__Output } from '../../auth/v1/TotpUser';
import type { TotpFactor as _auth_v1_TotpFactor, TotpFactor__Output as _auth_v1_TotpFactor__Output } from '../../auth/v1/TotpFactor';

export interface TotpFactorRequest {
  'user'?: (_auth_v1_TotpUser | null);
  'factor'?: (_auth_v1_TotpFactor | null);
}

export interface TotpFactorRequest__Output {
  'user': (_auth_v1_TotpUser__Output | null);
  'factor': (_auth_v1_TotpFactor__Output | null);
}
