// Original file: protos/payment/v1/payment.proto


export interface ListLimitPoliciesRequest {
  'scope'?: (string);
  'subject'?: (string);
}

export interface ListLimitPoliciesRequest__Output {
  'scope': (string);
  'subject': (string);
}
