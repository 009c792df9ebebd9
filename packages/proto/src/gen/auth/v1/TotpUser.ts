// Original file: protos/auth/v1/totp.proto


export interface TotpUser {
  'id'?: (string);
  'name'?: (string);
  'sessionJti'?: (string);
}

export interface TotpUser__Output {
  'id': (string);
  'name': (string);
  'sessionJti': (string);
}
