// Original file: protos/payment/v1/payment.proto

import type { Long } from '@grpc/proto-loader';

export interface VelocityRule {
  'name'?: (string);
  'subject'?: (string);
  'counts'?: (string);
  'threshold'?: (number | string | Long);
  'window'?: (string);
  'action'?: (string);
  'mode'?: (string);
  'source'?: (string);
  'windowSeconds'?: (number | string | Long);
  'updatedAt'?: (string);
  'updatedBy'?: (string);
}

export interface VelocityRule__Output {
  'name': (string);
  'subject': (string);
  'counts': (string);
  'threshold': (string);
  'window': (string);
  'action': (string);
  'mode': (string);
  'source': (string);
  'windowSeconds': (string);
  'updatedAt': (string);
  'updatedBy': (string);
}
