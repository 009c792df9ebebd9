// Original file: protos/auth/v1/events.proto


export interface DeleteWebhookResponse {
}

export interface DeleteWebhookResponse__Output {
}
