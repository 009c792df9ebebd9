// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface AdminReverseLoadRequest {
  'admin'?: (string);
  'cardId'?: (number | string | Long);
  'loadId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'idempotencyKey'?: (string);
}

export interface AdminReverseLoadRequest__Output {
  'admin': (string);
  'cardId': (string);
  'loadId': (string);
  'amountCents': (string);
  'idempotencyKey': (string);
}
