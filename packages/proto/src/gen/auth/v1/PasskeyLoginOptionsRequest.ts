// Original file: protos/auth/v1/auth.proto


export interface PasskeyLoginOptionsRequest {
  'clientIp'?: (string);
}

export interface PasskeyLoginOptionsRequest__Output {
  'clientIp': (string);
}
