// Original file: protos/avatar/v1/avatar.proto


export interface GetAvatarResponse {
  'content'?: (Buffer | Uint8Array | string);
  'contentType'?: (string);
  'etag'?: (string);
}

export interface GetAvatarResponse__Output {
  'content': (Buffer);
  'contentType': (string);
  'etag': (string);
}
