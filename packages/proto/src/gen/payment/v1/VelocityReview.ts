// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface VelocityReview {
  'id'?: (number | string | Long);
  'loadId'?: (number | string | Long);
  'rule'?: (string);
  'cardId'?: (number | string | Long);
  'ownerId'?: (string);
  'clientAddress'?: (string);
  'amountCents'?: (number | string | Long);
  'loadStatus'?: (string);
  'message'?: (string);
  'createdAt'?: (string);
  'outcome'?: (string);
  'reason'?: (string);
  'resolvedBy'?: (string);
  'resolvedAt'?: (string);
}

export interface VelocityReview__Output {
  'id': (string);
  'loadId': (string);
  'rule': (string);
  'cardId': (string);
  'ownerId': (string);
  'clientAddress': (string);
  'amountCents': (string);
  'loadStatus': (string);
  'message': (string);
  'createdAt': (string);
  'outcome': (string);
  'reason': (string);
  'resolvedBy': (string);
  'resolvedAt': (string);
}
