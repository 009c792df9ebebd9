// Original file: protos/auth/v1/passwords.proto

import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from '../../auth/v1/IssuedToken';

export interface PasswordLoginResponse {
  'session'?: (_auth_v1_IssuedToken | null);
  'secondFactorPending'?: (_auth_v1_IssuedToken | null);
  'userJson'?: (string);
  'retryAfterSeconds'?: (number);
}

export interface PasswordLoginResponse__Output {
  'session': (_auth_v1_IssuedToken__Output | null);
  'secondFactorPending': (_auth_v1_IssuedToken__Output | null);
  'userJson': (string);
  'retryAfterSeconds': (number);
}
