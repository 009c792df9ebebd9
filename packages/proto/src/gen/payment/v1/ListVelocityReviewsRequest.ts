// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface ListVelocityReviewsRequest {
  'after'?: (number | string | Long);
  'limit'?: (number);
  'all'?: (boolean);
}

export interface ListVelocityReviewsRequest__Output {
  'after': (string);
  'limit': (number);
  'all': (boolean);
}
