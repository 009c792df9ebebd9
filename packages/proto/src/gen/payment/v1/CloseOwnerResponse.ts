// Original file: protos/payment/v1/payment.proto


export interface CloseOwnerResponse {
}

export interface CloseOwnerResponse__Output {
}
