// Original file: protos/payment/v1/payment.proto

import type { ReversalMethod as _payment_v1_ReversalMethod, ReversalMethod__Output as _payment_v1_ReversalMethod__Output } from '../../payment/v1/ReversalMethod';
import type { ReversalStatus as _payment_v1_ReversalStatus, ReversalStatus__Output as _payment_v1_ReversalStatus__Output } from '../../payment/v1/ReversalStatus';
import type { LoadError as _payment_v1_LoadError, LoadError__Output as _payment_v1_LoadError__Output } from '../../payment/v1/LoadError';
import type { Long } from '@grpc/proto-loader';

export interface Reversal {
  'id'?: (number | string | Long);
  'loadId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'method'?: (_payment_v1_ReversalMethod);
  'status'?: (_payment_v1_ReversalStatus);
  'requestedBy'?: (string);
  'processorTransactionId'?: (string);
  'processorResponseCode'?: (string);
  'processorResponseText'?: (string);
  'errors'?: (_payment_v1_LoadError)[];
  'createdAt'?: (string);
  'settledAt'?: (string);
}

export interface Reversal__Output {
  'id': (string);
  'loadId': (string);
  'amountCents': (string);
  'method': (_payment_v1_ReversalMethod__Output);
  'status': (_payment_v1_ReversalStatus__Output);
  'requestedBy': (string);
  'processorTransactionId': (string);
  'processorResponseCode': (string);
  'processorResponseText': (string);
  'errors': (_payment_v1_LoadError__Output)[];
  'createdAt': (string);
  'settledAt': (string);
}
