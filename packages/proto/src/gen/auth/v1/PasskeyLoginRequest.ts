// Original file: protos/auth/v1/auth.proto


export interface PasskeyLoginRequest {
  'responseJson'?: (string);
  'clientIp'?: (string);
  'site'?: (string);
  'sessionOnly'?: (boolean);
}

export interface PasskeyLoginRequest__Output {
  'responseJson': (string);
  'clientIp': (string);
  'site': (string);
  'sessionOnly': (boolean);
}
