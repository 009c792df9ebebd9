// Original file: protos/payment/v1/payment.proto


export interface DeleteLimitPolicyRequest {
  'admin'?: (string);
  'scope'?: (string);
  'subject'?: (string);
  'window'?: (string);
}

export interface DeleteLimitPolicyRequest__Output {
  'admin': (string);
  'scope': (string);
  'subject': (string);
  'window': (string);
}
