// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface StatementLine {
  'at'?: (string);
  'kind'?: (string);
  'id'?: (number | string | Long);
  'loadId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'balanceCents'?: (number | string | Long);
}

export interface StatementLine__Output {
  'at': (string);
  'kind': (string);
  'id': (string);
  'loadId': (string);
  'amountCents': (string);
  'balanceCents': (string);
}
