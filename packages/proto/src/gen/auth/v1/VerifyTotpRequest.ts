// Original file: protos/auth/v1/totp.proto

import type { TotpFactor as _auth_v1_TotpFactor, TotpFactor__Output as _auth_v1_TotpFactor__Output } from '../../auth/v1/TotpFactor';

export interface VerifyTotpRequest {
  'pendingId'?: (string);
  'factor'?: (_auth_v1_TotpFactor | null);
}

export interface VerifyTotpRequest__Output {
  'pendingId': (string);
  'factor': (_auth_v1_TotpFactor__Output | null);
}
