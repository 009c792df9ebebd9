// Original file: protos/hooks/v1/hooks.proto


export interface MapUserRequest {
  'provider'?: (string);
  'userInfo'?: (Buffer | Uint8Array | string);
}

export interface MapUserRequest__Output {
  'provider': (string);
  'userInfo': (Buffer);
}
