// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface LoadCardResponse {
  'balanceCents'?: (number | string | Long);
}

export interface LoadCardResponse__Output {
  'balanceCents': (string);
}
