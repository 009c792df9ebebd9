// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface GetStatementRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
  'month'?: (string);
}

export interface GetStatementRequest__Output {
  'ownerId': (string);
  'cardId': (string);
  'month': (string);
}
