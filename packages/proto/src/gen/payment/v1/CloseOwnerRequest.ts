// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface CloseOwnerRequest {
  'ownerId'?: (string);
  'closedForMs'?: (number | string | Long);
}

export interface CloseOwnerRequest__Output {
  'ownerId': (string);
  'closedForMs': (string);
}
