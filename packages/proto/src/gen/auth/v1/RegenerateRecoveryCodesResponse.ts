// Original file: protos/auth/v1/totp.proto


export interface RegenerateRecoveryCodesResponse {
  'recoveryCodes'?: (string)[];
  'retryAfterSeconds'?: (number);
}

export interface RegenerateRecoveryCodesResponse__Output {
  'recoveryCodes': (string)[];
  'retryAfterSeconds': (number);
}
