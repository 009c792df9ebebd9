// Original file: protos/payment/v1/payment.proto

import type { Card as _payment_v1_Card, Card__Output as _payment_v1_Card__Output } from '../../payment/v1/Card';
import type { Dispute as _payment_v1_Dispute, Dispute__Output as _payment_v1_Dispute__Output } from '../../payment/v1/Dispute';

export interface GetCardResponse {
  'card'?: (_payment_v1_Card | null);
  'disputes'?: (_payment_v1_Dispute)[];
}

export interface GetCardResponse__Output {
  'card': (_payment_v1_Card__Output | null);
  'disputes': (_payment_v1_Dispute__Output)[];
}
