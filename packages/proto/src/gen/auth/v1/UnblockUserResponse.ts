// Original file: protos/auth/v1/admin.proto


export interface UnblockUserResponse {
}

export interface UnblockUserResponse__Output {
}
