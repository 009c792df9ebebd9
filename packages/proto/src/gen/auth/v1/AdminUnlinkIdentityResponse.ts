// Original file: protos/auth/v1/admin.proto


export interface AdminUnlinkIdentityResponse {
}

export interface AdminUnlinkIdentityResponse__Output {
}
