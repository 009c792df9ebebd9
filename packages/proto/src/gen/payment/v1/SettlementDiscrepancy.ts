// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface SettlementDiscrepancy {
  'kind'?: (string);
  'transactionId'?: (string);
  'orderId'?: (string);
  'loadId'?: (number | string | Long);
  'processorCents'?: (number | string | Long);
  'ledgerCents'?: (number | string | Long);
}

export interface SettlementDiscrepancy__Output {
  'kind': (string);
  'transactionId': (string);
  'orderId': (string);
  'loadId': (string);
  'processorCents': (string);
  'ledgerCents': (string);
}
