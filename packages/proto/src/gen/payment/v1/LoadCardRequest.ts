// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface LoadCardRequest {
  'ownerId'?: (string);
  'cardId'?: (number | string | Long);
  'nonce'?: (string);
  'amountCents'?: (number | string | Long);
  'idempotencyKey'?: (string);
  'clientAddress'?: (string);
}

export interface LoadCardRequest__Output {
  'ownerId': (string);
  'cardId': (string);
  'nonce': (string);
  'amountCents': (string);
  'idempotencyKey': (string);
  'clientAddress': (string);
}
