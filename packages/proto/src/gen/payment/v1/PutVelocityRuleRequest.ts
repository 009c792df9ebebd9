// Original file: protos/payment/v1/payment.proto

import type { VelocityRule as _payment_v1_VelocityRule, VelocityRule__Output as _payment_v1_VelocityRule__Output } from '../../payment/v1/VelocityRule';

export interface PutVelocityRuleRequest {
  'admin'?: (string);
  'rule'?: (_payment_v1_VelocityRule | null);
}

export interface PutVelocityRuleRequest__Output {
  'admin': (string);
  'rule': (_payment_v1_VelocityRule__Output | null);
}
