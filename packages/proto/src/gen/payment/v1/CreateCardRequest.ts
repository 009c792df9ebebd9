// Original file: protos/payment/v1/payment.proto


export interface CreateCardRequest {
  'ownerId'?: (string);
  'name'?: (string);
}

export interface CreateCardRequest__Output {
  'ownerId': (string);
  'name': (string);
}
