// Original file: protos/auth/v1/auth.proto


export interface WatchEndedSessionsRequest {
}

export interface WatchEndedSessionsRequest__Output {
}
