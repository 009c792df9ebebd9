// Original file: protos/auth/v1/auth.proto

import type { Long } from '@grpc/proto-loader';

export interface PasskeyInfo {
  'id'?: (string);
  'transports'?: (string)[];
  'createdUnixMs'?: (number | string | Long);
  'lastUsedUnixMs'?: (number | string | Long);
}

export interface PasskeyInfo__Output {
  'id': (string);
  'transports': (string)[];
  'createdUnixMs': (string);
  'lastUsedUnixMs': (string);
}
