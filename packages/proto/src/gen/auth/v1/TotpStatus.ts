// Original file: protos/auth/v1/totp.proto


export interface TotpStatus {
  'enabled'?: (boolean);
  'recoveryCodesLeft'?: (number);
  'available'?: (boolean);
}

export interface TotpStatus__Output {
  'enabled': (boolean);
  'recoveryCodesLeft': (number);
  'available': (boolean);
}
