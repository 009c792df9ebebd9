// Original file: protos/auth/v1/auth.proto

import type { Param as _auth_v1_Param, Param__Output as _auth_v1_Param__Output } from '../../auth/v1/Param';
import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface CompleteLoginRequest {
  'provider'?: (string);
  'handshakeToken'?: (string);
  'params'?: (_auth_v1_Param)[];
  'linkSessionToken'?: (string);
  'client'?: (_auth_v1_ClientInfo | null);
}

export interface CompleteLoginRequest__Output {
  'provider': (string);
  'handshakeToken': (string);
  'params': (_auth_v1_Param__Output)[];
  'linkSessionToken': (string);
  'client': (_auth_v1_ClientInfo__Output | null);
}
