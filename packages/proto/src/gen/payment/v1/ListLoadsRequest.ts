// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface ListLoadsRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
}

export interface ListLoadsRequest__Output {
  'ownerId': (string);
  'cardId': (string);
}
