// Original file: protos/auth/v1/passwords.proto


export interface PasswordTokenRequest {
  'token'?: (string);
}

export interface PasswordTokenRequest__Output {
  'token': (string);
}
