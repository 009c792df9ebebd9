// Original file: protos/payment/v1/payment.proto


export interface DeleteVelocityRuleResponse {
}

export interface DeleteVelocityRuleResponse__Output {
}
