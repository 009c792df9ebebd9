// Original file: protos/payment/v1/payment.proto

import type { Dispute as _payment_v1_Dispute, Dispute__Output as _payment_v1_Dispute__Output } from '../../payment/v1/Dispute';

export interface ListDisputesResponse {
  'disputes'?: (_payment_v1_Dispute)[];
  'next'?: (string);
}

export interface ListDisputesResponse__Output {
  'disputes': (_payment_v1_Dispute__Output)[];
  'next': (string);
}
