// Original file: protos/payment/v1/payment.proto


export interface ListCardsRequest {
  'ownerId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListCardsRequest__Output {
  'ownerId': (string);
  'limit': (number);
  'cursor': (string);
}
