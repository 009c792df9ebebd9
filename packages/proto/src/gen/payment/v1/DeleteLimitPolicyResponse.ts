// Original file: protos/payment/v1/payment.proto


export interface DeleteLimitPolicyResponse {
}

export interface DeleteLimitPolicyResponse__Output {
}
