// Original file: protos/payment/v1/payment.proto


export interface ListUnmatchedDisputesRequest {
  'limit'?: (number);
}

export interface ListUnmatchedDisputesRequest__Output {
  'limit': (number);
}
