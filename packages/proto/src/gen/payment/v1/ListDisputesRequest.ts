// Original file: protos/payment/v1/payment.proto


export interface ListDisputesRequest {
  'status'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListDisputesRequest__Output {
  'status': (string);
  'limit': (number);
  'cursor': (string);
}
