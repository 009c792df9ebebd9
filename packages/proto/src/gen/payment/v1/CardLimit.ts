// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface CardLimit {
  'code'?: (string);
  'label'?: (string);
  'window'?: (string);
  'kind'?: (string);
  'appliesTo'?: (string);
  'limit'?: (number | string | Long);
  'usage'?: (number | string | Long);
  'headroom'?: (number | string | Long);
}

export interface CardLimit__Output {
  'code': (string);
  'label': (string);
  'window': (string);
  'kind': (string);
  'appliesTo': (string);
  'limit': (string);
  'usage': (string);
  'headroom': (string);
}
