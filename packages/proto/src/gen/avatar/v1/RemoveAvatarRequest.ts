// Original file: protos/avatar/v1/avatar.proto


export interface RemoveAvatarRequest {
  'avatarId'?: (string);
}

export interface RemoveAvatarRequest__Output {
  'avatarId': (string);
}
