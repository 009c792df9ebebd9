// Original file: protos/auth/v1/admin.proto

import type { Long } from '@grpc/proto-loader';

export interface LiveSession {
  'id'?: (string);
  'provider'?: (string);
  'createdUnixMs'?: (number | string | Long);
  'lastSeenUnixMs'?: (number | string | Long);
  'userAgent'?: (string);
  'ip'?: (string);
}

export interface LiveSession__Output {
  'id': (string);
  'provider': (string);
  'createdUnixMs': (string);
  'lastSeenUnixMs': (string);
  'userAgent': (string);
  'ip': (string);
}
