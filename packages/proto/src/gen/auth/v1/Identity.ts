// Original file: protos/auth/v1/identities.proto

import type { Long } from '@grpc/proto-loader';

export interface Identity {
  'id'?: (string);
  'provider'?: (string);
  'name'?: (string);
  'createdUnixMs'?: (number | string | Long);
  'lastLoginUnixMs'?: (number | string | Long);
  'current'?: (boolean);
}

export interface Identity__Output {
  'id': (string);
  'provider': (string);
  'name': (string);
  'createdUnixMs': (string);
  'lastLoginUnixMs': (string);
  'current': (boolean);
}
