// Original file: protos/payment/v1/payment.proto

import type { AdminCard as _payment_v1_AdminCard, AdminCard__Output as _payment_v1_AdminCard__Output } from '../../payment/v1/AdminCard';

export interface AdminListCardsResponse {
  'cards'?: (_payment_v1_AdminCard)[];
  'next'?: (string);
}

export interface AdminListCardsResponse__Output {
  'cards': (_payment_v1_AdminCard__Output)[];
  'next': (string);
}
