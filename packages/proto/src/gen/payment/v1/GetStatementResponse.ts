// Original file: protos/payment/v1/payment.proto

import type { StatementLine as _payment_v1_StatementLine, StatementLine__Output as _payment_v1_StatementLine__Output } from '../../payment/v1/StatementLine';
import type { Long } from '@grpc/proto-loader';

export interface GetStatementResponse {
  'cardId'?: (number | string | Long);
  'month'?: (string);
  'from'?: (string);
  'to'?: (string);
  'openingBalanceCents'?: (number | string | Long);
  'lines'?: (_payment_v1_StatementLine)[];
  'closingBalanceCents'?: (number | string | Long);
}

export interface GetStatementResponse__Output {
  'cardId': (string);
  'month': (string);
  'from': (string);
  'to': (string);
  'openingBalanceCents': (string);
  'lines': (_payment_v1_StatementLine__Output)[];
  'closingBalanceCents': (string);
}
