// Original file: protos/payment/v1/payment.proto

import type { LimitPolicy as _payment_v1_LimitPolicy, LimitPolicy__Output as _payment_v1_LimitPolicy__Output } from '../../payment/v1/LimitPolicy';

export interface PutLimitPolicyRequest {
  'admin'?: (string);
  'policy'?: (_payment_v1_LimitPolicy | null);
}

export interface PutLimitPolicyRequest__Output {
  'admin': (string);
  'policy': (_payment_v1_LimitPolicy__Output | null);
}
