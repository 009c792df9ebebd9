// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface ReverseLoadRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
  'loadId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'idempotencyKey'?: (string);
}

export interface ReverseLoadRequest__Output {
  'ownerId': (string);
  'cardId': (string);
  'loadId': (string);
  'amountCents': (string);
  'idempotencyKey': (string);
}
