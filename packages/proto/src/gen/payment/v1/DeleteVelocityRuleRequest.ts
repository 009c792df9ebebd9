// Original file: protos/payment/v1/payment.proto


export interface DeleteVelocityRuleRequest {
  'admin'?: (string);
  'name'?: (string);
}

export interface DeleteVelocityRuleRequest__Output {
  'admin': (string);
  'name': (string);
}
