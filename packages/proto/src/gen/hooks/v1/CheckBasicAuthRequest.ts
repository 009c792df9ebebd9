// Original file: protos/hooks/v1/hooks.proto


export interface CheckBasicAuthRequest {
  'user'?: (string);
  'password'?: (string);
}

export interface CheckBasicAuthRequest__Output {
  'user': (string);
  'password': (string);
}
