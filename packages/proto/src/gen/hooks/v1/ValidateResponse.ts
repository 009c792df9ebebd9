// Original file: protos/hooks/v1/hooks.proto


export interface ValidateResponse {
  'ok'?: (boolean);
}

export interface ValidateResponse__Output {
  'ok': (boolean);
}
