// Original file: protos/payment/v1/payment.proto

import type { LoadStatus as _payment_v1_LoadStatus, LoadStatus__Output as _payment_v1_LoadStatus__Output } from '../../payment/v1/LoadStatus';
import type { Reversal as _payment_v1_Reversal, Reversal__Output as _payment_v1_Reversal__Output } from '../../payment/v1/Reversal';
import type { Long } from '@grpc/proto-loader';

export interface Load {
  'id'?: (number | string | Long);
  'cardId'?: (number | string | Long);
  'amountCents'?: (number | string | Long);
  'status'?: (_payment_v1_LoadStatus);
  'processorTransactionId'?: (string);
  'processorResponseCode'?: (string);
  'processorResponseText'?: (string);
  'createdAt'?: (string);
  'reversals'?: (_payment_v1_Reversal)[];
  'reversibleCents'?: (number | string | Long);
}

export interface Load__Output {
  'id': (string);
  'cardId': (string);
  'amountCents': (string);
  'status': (_payment_v1_LoadStatus__Output);
  'processorTransactionId': (string);
  'processorResponseCode': (string);
  'processorResponseText': (string);
  'createdAt': (string);
  'reversals': (_payment_v1_Reversal__Output)[];
  'reversibleCents': (string);
}
