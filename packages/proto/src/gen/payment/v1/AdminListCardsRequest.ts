// Original file: protos/payment/v1/payment.proto


export interface AdminListCardsRequest {
  'ownerId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface AdminListCardsRequest__Output {
  'ownerId': (string);
  'limit': (number);
  'cursor': (string);
}
