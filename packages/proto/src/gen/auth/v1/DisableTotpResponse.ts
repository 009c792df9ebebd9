// Original file: protos/auth/v1/totp.proto


export interface DisableTotpResponse {
  'retryAfterSeconds'?: (number);
}

export interface DisableTotpResponse__Output {
  'retryAfterSeconds': (number);
}
