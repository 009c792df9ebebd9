// Original file: protos/hooks/v1/hooks.proto


export interface CheckBasicAuthResponse {
  'ok'?: (boolean);
  'userJson'?: (string);
}

export interface CheckBasicAuthResponse__Output {
  'ok': (boolean);
  'userJson': (string);
}
