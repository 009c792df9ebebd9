// Original file: protos/payment/v1/payment.proto

import type { LimitPolicy as _payment_v1_LimitPolicy, LimitPolicy__Output as _payment_v1_LimitPolicy__Output } from '../../payment/v1/LimitPolicy';

export interface ListLimitPoliciesResponse {
  'policies'?: (_payment_v1_LimitPolicy)[];
}

export interface ListLimitPoliciesResponse__Output {
  'policies': (_payment_v1_LimitPolicy__Output)[];
}
