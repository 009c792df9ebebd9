// Original file: protos/payment/v1/payment.proto

import type { VelocityRule as _payment_v1_VelocityRule, VelocityRule__Output as _payment_v1_VelocityRule__Output } from '../../payment/v1/VelocityRule';

export interface ListVelocityRulesResponse {
  'rules'?: (_payment_v1_VelocityRule)[];
}

export interface ListVelocityRulesResponse__Output {
  'rules': (_payment_v1_VelocityRule__Output)[];
}
