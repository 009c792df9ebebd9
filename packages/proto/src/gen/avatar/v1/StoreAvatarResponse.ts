// Original file: protos/avatar/v1/avatar.proto


export interface StoreAvatarResponse {
  'avatarId'?: (string);
  'identicon'?: (boolean);
}

export interface StoreAvatarResponse__Output {
  'avatarId': (string);
  'identicon': (boolean);
}
