// Original file: protos/payment/v1/payment.proto

import type { OutcomeHours as _payment_v1_OutcomeHours, OutcomeHours__Output as _payment_v1_OutcomeHours__Output } from '../../payment/v1/OutcomeHours';
import type { Long } from '@grpc/proto-loader';

export interface PaymentOverviewResponse {
  'hoursStartUnixMs'?: (number | string | Long);
  'loads'?: (_payment_v1_OutcomeHours)[];
  'disputesOpen'?: (number | string | Long);
  'disputesOpenAmountCents'?: (number | string | Long);
  'disputesHeldCents'?: (number | string | Long);
  'disputesUnmatched'?: (number | string | Long);
  'reconciliationDate'?: (string);
  'reconciliationStatus'?: (string);
  'reconciliationDiscrepancies'?: (number | string | Long);
}

export interface PaymentOverviewResponse__Output {
  'hoursStartUnixMs': (string);
  'loads': (_payment_v1_OutcomeHours__Output)[];
  'disputesOpen': (string);
  'disputesOpenAmountCents': (string);
  'disputesHeldCents': (string);
  'disputesUnmatched': (string);
  'reconciliationDate': (string);
  'reconciliationStatus': (string);
  'reconciliationDiscrepancies': (string);
}
