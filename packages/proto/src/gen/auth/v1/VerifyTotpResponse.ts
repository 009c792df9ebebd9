// Original file: protos/auth/v1/totp.proto

import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from '../../auth/v1/IssuedToken';

export interface VerifyTotpResponse {
  'session'?: (_auth_v1_IssuedToken | null);
  'userJson'?: (string);
  'redirectUrl'?: (string);
  'retryAfterSeconds'?: (number);
}

export interface VerifyTotpResponse__Output {
  'session': (_auth_v1_IssuedToken__Output | null);
  'userJson': (string);
  'redirectUrl': (string);
  'retryAfterSeconds': (number);
}
