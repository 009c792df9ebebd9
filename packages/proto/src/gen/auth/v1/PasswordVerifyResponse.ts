// Original file: protos/auth/v1/passwords.proto


export interface PasswordVerifyResponse {
  'emailChanged'?: (boolean);
}

export interface PasswordVerifyResponse__Output {
  'emailChanged': (boolean);
}
