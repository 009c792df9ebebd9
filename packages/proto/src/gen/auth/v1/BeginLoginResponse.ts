// Original file: protos/auth/v1/auth.proto

import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from '../../auth/v1/IssuedToken';

export interface BeginLoginResponse {
  'redirectUrl'?: (string);
  'handshake'?: (_auth_v1_IssuedToken | null);
}

export interface BeginLoginResponse__Output {
  'redirectUrl': (string);
  'handshake': (_auth_v1_IssuedToken__Output | null);
}
