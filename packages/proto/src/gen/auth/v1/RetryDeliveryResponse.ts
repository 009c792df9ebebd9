// Original file: protos/auth/v1/events.proto


export interface RetryDeliveryResponse {
}

export interface RetryDeliveryResponse__Output {
}
