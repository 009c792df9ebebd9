// Original file: protos/hooks/v1/hooks.proto


export interface MapUserResponse {
  'userJson'?: (string);
}

export interface MapUserResponse__Output {
  'userJson': (string);
}
