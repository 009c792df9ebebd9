// Original file: protos/auth/v1/totp.proto


export interface SetupTotpResponse {
  'secret'?: (string);
  'uri'?: (string);
}

export interface SetupTotpResponse__Output {
  'secret': (string);
  'uri': (string);
}
