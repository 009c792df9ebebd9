// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface LimitPolicy {
  'scope'?: (string);
  'subject'?: (string);
  'window'?: (string);
  'maxCents'?: (number | string | Long);
  'maxCount'?: (number | string | Long);
  'reversalsFree'?: (boolean);
  'updatedAt'?: (string);
  'updatedBy'?: (string);
}

export interface LimitPolicy__Output {
  'scope': (string);
  'subject': (string);
  'window': (string);
  'maxCents': (string);
  'maxCount': (string);
  'reversalsFree': (boolean);
  'updatedAt': (string);
  'updatedBy': (string);
}
