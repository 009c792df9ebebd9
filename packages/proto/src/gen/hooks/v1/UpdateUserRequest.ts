// Original file: protos/hooks/v1/hooks.proto


export interface UpdateUserRequest {
  'userJson'?: (string);
}

export interface UpdateUserRequest__Output {
  'userJson': (string);
}
