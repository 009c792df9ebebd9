// Original file: protos/payment/v1/payment.proto

import type { Card as _payment_v1_Card, Card__Output as _payment_v1_Card__Output } from '../../payment/v1/Card';

export interface ListCardsResponse {
  'cards'?: (_payment_v1_Card)[];
  'next'?: (string);
}

export interface ListCardsResponse__Output {
  'cards': (_payment_v1_Card__Output)[];
  'next': (string);
}
