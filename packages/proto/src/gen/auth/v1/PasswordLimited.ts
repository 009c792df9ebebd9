// Original file: protos/auth/v1/passwords.proto


export interface PasswordLimited {
  'retryAfterSeconds'?: (number);
}

export interface PasswordLimited__Output {
  'retryAfterSeconds': (number);
}
