// Original file: protos/avatar/v1/avatar.proto


export interface GetAvatarRequest {
  'avatarId'?: (string);
}

export interface GetAvatarRequest__Output {
  'avatarId': (string);
}
