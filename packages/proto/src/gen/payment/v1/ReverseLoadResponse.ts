// Original file: protos/payment/v1/payment.proto

import type { ReversalStatus as _payment_v1_ReversalStatus, ReversalStatus__Output as _payment_v1_ReversalStatus__Output } from '../../payment/v1/ReversalStatus';
import type { LoadError as _payment_v1_LoadError, LoadError__Output as _payment_v1_LoadError__Output } from '../../payment/v1/LoadError';
import type { Reversal as _payment_v1_Reversal, Reversal__Output as _payment_v1_Reversal__Output } from '../../payment/v1/Reversal';
import type { Long } from '@grpc/proto-loader';

export interface ReverseLoadResponse {
  'status'?: (_payment_v1_ReversalStatus);
  'errors'?: (_payment_v1_LoadError)[];
  'reversal'?: (_payment_v1_Reversal | null);
  'balanceCents'?: (number | string | Long);
  'replayed'?: (boolean);
}

export interface ReverseLoadResponse__Output {
  'status': (_payment_v1_ReversalStatus__Output);
  'errors': (_payment_v1_LoadError__Output)[];
  'reversal': (_payment_v1_Reversal__Output | null);
  'balanceCents': (string);
  'replayed': (boolean);
}
