// Original file: protos/payment/v1/payment.proto

import type { SettlementTotal as _payment_v1_SettlementTotal, SettlementTotal__Output as _payment_v1_SettlementTotal__Output } from '../../payment/v1/SettlementTotal';
import type { SettlementDiscrepancy as _payment_v1_SettlementDiscrepancy, SettlementDiscrepancy__Output as _payment_v1_SettlementDiscrepancy__Output } from '../../payment/v1/SettlementDiscrepancy';

export interface SettlementReconciliation {
  'date'?: (string);
  'status'?: (string);
  'totals'?: (_payment_v1_SettlementTotal)[];
  'discrepancies'?: (_payment_v1_SettlementDiscrepancy)[];
  'error'?: (string);
  'startedAt'?: (string);
  'finishedAt'?: (string);
  'ran'?: (boolean);
}

export interface SettlementReconciliation__Output {
  'date': (string);
  'status': (string);
  'totals': (_payment_v1_SettlementTotal__Output)[];
  'discrepancies': (_payment_v1_SettlementDiscrepancy__Output)[];
  'error': (string);
  'startedAt': (string);
  'finishedAt': (string);
  'ran': (boolean);
}
