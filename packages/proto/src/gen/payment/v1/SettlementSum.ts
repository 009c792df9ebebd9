// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface SettlementSum {
  'count'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
}

export interface SettlementSum__Output {
  'count': (string);
  'amountCents': (string);
}
