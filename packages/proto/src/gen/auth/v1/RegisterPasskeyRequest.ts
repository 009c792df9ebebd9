// Original file: protos/auth/v1/auth.proto

import type { PasskeyUser as _auth_v1_PasskeyUser, PasskeyUser__Output as _auth_v1_PasskeyUser__Output } from '../../auth/v1/PasskeyUser';

export interface RegisterPasskeyRequest {
  'user'?: (_auth_v1_PasskeyUser | null);
  'responseJson'?: (string);
}

export interface RegisterPasskeyRequest__Output {
  'user': (_auth_v1_PasskeyUser__Output | null);
  'responseJson': (string);
}
