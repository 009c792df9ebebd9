// Original file: protos/avatar/v1/avatar.proto


export interface StoreContentRequest {
  'userId'?: (string);
  'content'?: (Buffer | Uint8Array | string);
}

export interface StoreContentRequest__Output {
  'userId': (string);
  'content': (Buffer);
}
