// Original file: protos/payment/v1/payment.proto

import type { Card as _payment_v1_Card, Card__Output as _payment_v1_Card__Output } from '../../payment/v1/Card';

export interface AdminCard {
  'card'?: (_payment_v1_Card | null);
  'ownerId'?: (string);
}

export interface AdminCard__Output {
  'card': (_payment_v1_Card__Output | null);
  'ownerId': (string);
}
