// Original file: protos/auth/v1/events.proto


export interface ListWebhooksRequest {
}

export interface ListWebhooksRequest__Output {
}
