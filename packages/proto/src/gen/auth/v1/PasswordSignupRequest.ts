// Original file: protos/auth/v1/passwords.proto

import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from '../../auth/v1/ClientInfo';

export interface PasswordSignupRequest {
  'email'?: (string);
  'password'?: (string);
  'name'?: (string);
  'client'?: (_auth_v1_ClientInfo | null);
  'captcha'?: (string);
}

export interface PasswordSignupRequest__Output {
  'email': (string);
  'password': (string);
  'name': (string);
  'client': (_auth_v1_ClientInfo__Output | null);
  'captcha': (string);
}
