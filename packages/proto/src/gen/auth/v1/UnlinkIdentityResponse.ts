// Original file: protos/auth/v1/identities.proto


export interface UnlinkIdentityResponse {
}

export interface UnlinkIdentityResponse__Output {
}
