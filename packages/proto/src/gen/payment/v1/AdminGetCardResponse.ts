// Original file: protos/payment/v1/payment.proto

import type { AdminCard as _payment_v1_AdminCard, AdminCard__Output as _payment_v1_AdminCard__Output } from '../../payment/v1/AdminCard';
import type { Dispute as _payment_v1_Dispute, Dispute__Output as _payment_v1_Dispute__Output } from '../../payment/v1/Dispute';
import type { Load as _payment_v1_Load, Load__Output as _payment_v1_Load__Output } from '../../payment/v1/Load';

export interface AdminGetCardResponse {
  'card'?: (_payment_v1_AdminCard | null);
  'disputes'?: (_payment_v1_Dispute)[];
  'loads'?: (_payment_v1_Load)[];
  'loadsNext'?: (string);
}

export interface AdminGetCardResponse__Output {
  'card': (_payment_v1_AdminCard__Output | null);
  'disputes': (_payment_v1_Dispute__Output)[];
  'loads': (_payment_v1_Load__Output)[];
  'loadsNext': (string);
}
