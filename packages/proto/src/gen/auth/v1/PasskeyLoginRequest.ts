// Original file: protos/auth/v1/auth.proto

import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface PasskeyLoginRequest {
  'responseJson'?: (string);
  'clientIp'?: (string);
  'site'?: (string);
  'sessionOnly'?: (boolean);
  'client'?: (_auth_v1_ClientInfo | null);
}

export interface PasskeyLoginRequest__Output {
  'responseJson': (string);
  'clientIp': (string);
  'site': (string);
  'sessionOnly': (boolean);
  'client': (_auth_v1_ClientInfo__Output | null);
}
