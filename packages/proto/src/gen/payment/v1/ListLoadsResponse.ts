// Original file: protos/payment/v1/payment.proto

import type { Load as _payment_v1_Load, Load__Output as _payment_v1_Load__Output } from '../../payment/v1/Load';

export interface ListLoadsResponse {
  'loads'?: (_payment_v1_Load)[];
}

export interface ListLoadsResponse__Output {
  'loads': (_payment_v1_Load__Output)[];
}
