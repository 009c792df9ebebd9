// Original file: protos/auth/v1/totp.proto

import type { TotpFactor as _auth_v1_TotpFactor, TotpFactor__Output as _auth_v1_TotpFactor__Output } from '../../auth/v1/TotpFactor';
import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface VerifyTotpRequest {
  'pendingId'?: (string);
  'factor'?: (_auth_v1_TotpFactor | null);
  'client'?: (_auth_v1_ClientInfo | null);
}

export interface VerifyTotpRequest__Output {
  'pendingId': (string);
  'factor': (_auth_v1_TotpFactor__Output | null);
  'client': (_auth_v1_ClientInfo__Output | null);
}
