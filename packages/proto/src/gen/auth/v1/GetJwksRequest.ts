// Original file: protos/auth/v1/auth.proto


export interface GetJwksRequest {
}

export interface GetJwksRequest__Output {
}
