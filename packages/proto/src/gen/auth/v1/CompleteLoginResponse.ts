// Original file: protos/auth/v1/auth.proto

import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from '../../auth/v1/IssuedToken';
import type { LinkedIdentity as _auth_v1_LinkedIdentity, LinkedIdentity__Output as _auth_v1_LinkedIdentity__Output } from '../../auth/v1/LinkedIdentity';

export interface CompleteLoginResponse {
  'session'?: (_auth_v1_IssuedToken | null);
  'userJson'?: (string);
  'redirectUrl'?: (string);
  'secondFactorPending'?: (_auth_v1_IssuedToken | null);
  'linked'?: (_auth_v1_LinkedIdentity | null);
}

export interface CompleteLoginResponse__Output {
  'session': (_auth_v1_IssuedToken__Output | null);
  'userJson': (string);
  'redirectUrl': (string);
  'secondFactorPending': (_auth_v1_IssuedToken__Output | null);
  'linked': (_auth_v1_LinkedIdentity__Output | null);
}
