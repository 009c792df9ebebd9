// Original file: protos/auth/v1/totp.proto


export interface ActivateTotpResponse {
  'recoveryCodes'?: (string)[];
  'retryAfterSeconds'?: (number);
}

export interface ActivateTotpResponse__Output {
  'recoveryCodes': (string)[];
  'retryAfterSeconds': (number);
}
