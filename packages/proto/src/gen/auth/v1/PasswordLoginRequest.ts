// Original file: protos/auth/v1/passwords.proto

import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface PasswordLoginRequest {
  'email'?: (string);
  'password'?: (string);
  'client'?: (_auth_v1_ClientInfo | null);
  'captcha'?: (string);
  'site'?: (string);
  'sessionOnly'?: (boolean);
  'redirectUrl'?: (string);
}

export interface PasswordLoginRequest__Output {
  'email': (string);
  'password': (string);
  'client': (_auth_v1_ClientInfo__Output | null);
  'captcha': (string);
  'site': (string);
  'sessionOnly': (boolean);
  'redirectUrl': (string);
}
