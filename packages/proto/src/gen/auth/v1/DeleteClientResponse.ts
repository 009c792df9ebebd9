// Original file: protos/auth/v1/oidc_admin.proto


export interface DeleteClientResponse {
}

export interface DeleteClientResponse__Output {
}
