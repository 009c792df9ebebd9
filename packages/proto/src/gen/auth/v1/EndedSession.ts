// Original file: protos/auth/v1/auth.proto

import type { Long } from '@grpc/proto-loader';

export interface EndedSession {
  'jti'?: (string);
  'untilUnixMs'?: (number | string | Long);
}

export interface EndedSession__Output {
  'jti': (string);
  'untilUnixMs': (string);
}
