// Original file: protos/hooks/v1/hooks.proto


export interface SendResponse {
}

export interface SendResponse__Output {
}
