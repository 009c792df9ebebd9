// Original file: protos/auth/v1/auth.proto


export interface ListProvidersRequest {
}

export interface ListProvidersRequest__Output {
}
