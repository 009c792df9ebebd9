// Original file: protos/auth/v1/passwords.proto


export interface PasswordResetCompleteRequest {
  'token'?: (string);
  'password'?: (string);
}

export interface PasswordResetCompleteRequest__Output {
  'token': (string);
  'password': (string);
}
