// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface ResolveVelocityReviewRequest {
  'admin'?: (string);
  'id'?: (number | string | Long);
  'outcome'?: (string);
  'reason'?: (string);
}

export interface ResolveVelocityReviewRequest__Output {
  'admin': (string);
  'id': (string);
  'outcome': (string);
  'reason': (string);
}
