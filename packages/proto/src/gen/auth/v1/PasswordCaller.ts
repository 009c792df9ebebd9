// Original file: protos/auth/v1/passwords.proto

import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface PasswordCaller {
  'userId'?: (string);
  'sessionJti'?: (string);
  'client'?: (_auth_v1_ClientInfo | null);
}

export interface PasswordCaller__Output {
  'userId': (string);
  'sessionJti': (string);
  'client': (_auth_v1_ClientInfo__Output | null);
}
