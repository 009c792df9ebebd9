// Original file: protos/payment/v1/payment.proto

import type { SettlementSum as _payment_v1_SettlementSum, SettlementSum__Output as _payment_v1_SettlementSum__Output } from '../../payment/v1/SettlementSum';

export interface SettlementTotal {
  'merchantAccountId'?: (string);
  'kind'?: (string);
  'processor'?: (_payment_v1_SettlementSum | null);
  'ledger'?: (_payment_v1_SettlementSum | null);
}

export interface SettlementTotal__Output {
  'merchantAccountId': (string);
  'kind': (string);
  'processor': (_payment_v1_SettlementSum__Output | null);
  'ledger': (_payment_v1_SettlementSum__Output | null);
}
