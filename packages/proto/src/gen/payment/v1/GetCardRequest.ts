// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface GetCardRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
}

export interface GetCardRequest__Output {
  'ownerId': (string);
  'cardId': (string);
}
