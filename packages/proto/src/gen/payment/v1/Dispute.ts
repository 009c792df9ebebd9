// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface Dispute {
  'id'?: (string);
  'processorTransactionId'?: (string);
  'loadId'?: (number | string | Long);
  'cardId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'heldCents'?: (number | string | Long);
  'debitedCents'?: (number | string | Long);
  'shortfallCents'?: (number | string | Long);
  'status'?: (string);
  'kind'?: (string);
  'reason'?: (string);
  'receivedAt'?: (string);
  'updatedAt'?: (string);
}

export interface Dispute__Output {
  'id': (string);
  'processorTransactionId': (string);
  'loadId': (string);
  'cardId': (string);
  'amountCents': (string);
  'heldCents': (string);
  'debitedCents': (string);
  'shortfallCents': (string);
  'status': (string);
  'kind': (string);
  'reason': (string);
  'receivedAt': (string);
  'updatedAt': (string);
}
