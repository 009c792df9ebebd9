// Original file: protos/payment/v1/payment.proto


export interface CreateClientTokenResponse {
  'clientToken'?: (string);
}

export interface CreateClientTokenResponse__Output {
  'clientToken': (string);
}
