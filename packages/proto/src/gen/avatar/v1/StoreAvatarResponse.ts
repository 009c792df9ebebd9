// Original file: protos/avatar/v1/avatar.proto


export interface StoreAvatarResponse {
  'avatarId'?: (string);
}

export interface StoreAvatarResponse__Output {
  'avatarId': (string);
}
