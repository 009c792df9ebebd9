// Original file: protos/auth/v1/auth.proto


export interface ClientInfo {
  'ip'?: (string);
  'userAgent'?: (string);
}

export interface ClientInfo__Output {
  'ip': (string);
  'userAgent': (string);
}
