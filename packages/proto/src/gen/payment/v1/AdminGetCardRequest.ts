// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface AdminGetCardRequest {
  'cardId'?: (number | string | Long);
  'loadsLimit'?: (number);
  'loadsCursor'?: (string);
}

export interface AdminGetCardRequest__Output {
  'cardId': (string);
  'loadsLimit': (number);
  'loadsCursor': (string);
}
