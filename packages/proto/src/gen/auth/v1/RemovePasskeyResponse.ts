// Original file: protos/auth/v1/auth.proto


export interface RemovePasskeyResponse {
}

export interface RemovePasskeyResponse__Output {
}
