// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface PaymentOverviewRequest {
  'hoursStartUnixMs'?: (number | string | Long);
}

export interface PaymentOverviewRequest__Output {
  'hoursStartUnixMs': (string);
}
