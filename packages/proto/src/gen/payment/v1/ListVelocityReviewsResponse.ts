// Original file: protos/payment/v1/payment.proto

import type { VelocityReview as _payment_v1_VelocityReview, VelocityReview__Output as _payment_v1_VelocityReview__Output } from '../../payment/v1/VelocityReview';

export interface ListVelocityReviewsResponse {
  'reviews'?: (_payment_v1_VelocityReview)[];
}

export interface ListVelocityReviewsResponse__Output {
  'reviews': (_payment_v1_VelocityReview__Output)[];
}
