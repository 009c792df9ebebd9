// Original file: protos/avatar/v1/avatar.proto


export interface ListAvatarsRequest {
}

export interface ListAvatarsRequest__Output {
}
