// Original file: protos/auth/v1/auth.proto

import type { Param as _auth_v1_Param, Param__Output as _auth_v1_Param__Output } from '../../auth/v1/Param';

export interface CompleteLoginRequest {
  'provider'?: (string);
  'handshakeToken'?: (string);
  'params'?: (_auth_v1_Param)[];
}

export interface CompleteLoginRequest__Output {
  'provider': (string);
  'handshakeToken': (string);
  'params': (_auth_v1_Param__Output)[];
}
