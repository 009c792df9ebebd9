// Original file: protos/auth/v1/auth.proto

import type { PasskeyUser as _auth_v1_PasskeyUser, PasskeyUser__Output as _auth_v1_PasskeyUser__Output } from '../../auth/v1/PasskeyUser';

export interface PasskeyUserRequest {
  'user'?: (_auth_v1_PasskeyUser | null);
}

export interface PasskeyUserRequest__Output {
  'user': (_auth_v1_PasskeyUser__Output | null);
}
