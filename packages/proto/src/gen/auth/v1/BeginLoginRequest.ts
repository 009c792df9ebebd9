// Original file: protos/auth/v1/auth.proto


export interface BeginLoginRequest {
  'provider'?: (string);
  'site'?: (string);
  'from'?: (string);
  'sessionOnly'?: (boolean);
  'noAvatar'?: (boolean);
  'linkSessionToken'?: (string);
}

export interface BeginLoginRequest__Output {
  'provider': (string);
  'site': (string);
  'from': (string);
  'sessionOnly': (boolean);
  'noAvatar': (boolean);
  'linkSessionToken': (string);
}
