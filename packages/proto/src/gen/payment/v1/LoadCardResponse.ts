// Original file: protos/payment/v1/payment.proto

import type { LoadStatus as _payment_v1_LoadStatus, LoadStatus__Output as _payment_v1_LoadStatus__Output } from '../../payment/v1/LoadStatus';
import type { LoadError as _payment_v1_LoadError, LoadError__Output as _payment_v1_LoadError__Output } from '../../payment/v1/LoadError';
import type { Long } from '@grpc/proto-loader';

export interface LoadCardResponse {
  'status'?: (_payment_v1_LoadStatus);
  'errors'?: (_payment_v1_LoadError)[];
  'loadId'?: (number | string | Long);
  'balanceCents'?: (number | string | Long);
  'replayed'?: (boolean);
}

export interface LoadCardResponse__Output {
  'status': (_payment_v1_LoadStatus__Output);
  'errors': (_payment_v1_LoadError__Output)[];
  'loadId': (string);
  'balanceCents': (string);
  'replayed': (boolean);
}
