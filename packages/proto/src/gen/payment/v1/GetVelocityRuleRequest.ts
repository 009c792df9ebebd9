// Original file: protos/payment/v1/payment.proto


export interface GetVelocityRuleRequest {
  'name'?: (string);
}

export interface GetVelocityRuleRequest__Output {
  'name': (string);
}
