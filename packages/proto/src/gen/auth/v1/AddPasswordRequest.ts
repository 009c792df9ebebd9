// Original file: protos/auth/v1/passwords.proto

import type { PasswordCaller as _auth_v1_PasswordCaller, PasswordCaller__Output as _auth_v1_PasswordCaller__Output } from '../../auth/v1/PasswordCaller';

export interface AddPasswordRequest {
  'caller'?: (_auth_v1_PasswordCaller | null);
  'email'?: (string);
  'password'?: (string);
}

export interface AddPasswordRequest__Output {
  'caller': (_auth_v1_PasswordCaller__Output | null);
  'email': (string);
  'password': (string);
}
