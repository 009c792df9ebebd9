// Original file: protos/hooks/v1/hooks.proto


export interface UpdateUserResponse {
  'userJson'?: (string);
}

export interface UpdateUserResponse__Output {
  'userJson': (string);
}
