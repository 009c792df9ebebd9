// Original file: protos/avatar/v1/avatar.proto


export interface RemoveAvatarResponse {
}

export interface RemoveAvatarResponse__Output {
}
