// Original file: protos/avatar/v1/avatar.proto


export interface ListAvatarsResponse {
  'avatarIds'?: (string)[];
}

export interface ListAvatarsResponse__Output {
  'avatarIds': (string)[];
}
