// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface GetCardLimitsRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
}

export interface GetCardLimitsRequest__Output {
  'ownerId': (string);
  'cardId': (string);
}
