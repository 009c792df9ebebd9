// Original file: protos/payment/v1/payment.proto


export interface CreateClientTokenRequest {
  'ownerId'?: (string);
}

export interface CreateClientTokenRequest__Output {
  'ownerId': (string);
}
