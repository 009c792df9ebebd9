// Original file: protos/auth/v1/totp.proto


export interface TotpFactor {
  'code'?: (string);
  'recoveryCode'?: (string);
}

export interface TotpFactor__Output {
  'code': (string);
  'recoveryCode': (string);
}
