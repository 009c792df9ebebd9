// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface OutcomeHours {
  'outcome'?: (string);
  'counts'?: (number | string | Long)[];
  'amountCents'?: (number | string | Long)[];
}

export interface OutcomeHours__Output {
  'outcome': (string);
  'counts': (string)[];
  'amountCents': (string)[];
}
