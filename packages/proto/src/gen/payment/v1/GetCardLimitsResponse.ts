// Original file: protos/payment/v1/payment.proto

import type { CardLimit as _payment_v1_CardLimit, CardLimit__Output as _payment_v1_CardLimit__Output } from '../../payment/v1/CardLimit';
import type { Long } from '@grpc/proto-loader';

export interface GetCardLimitsResponse {
  'cardId'?: (number | string | Long);
  'limits'?: (_payment_v1_CardLimit)[];
}

export interface GetCardLimitsResponse__Output {
  'cardId': (string);
  'limits': (_payment_v1_CardLimit__Output)[];
}
