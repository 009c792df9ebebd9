// Original file: protos/payment/v1/payment.proto


export interface ListVelocityRulesRequest {
}

export interface ListVelocityRulesRequest__Output {
}
