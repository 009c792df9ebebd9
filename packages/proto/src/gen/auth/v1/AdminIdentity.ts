// Original file: protos/auth/v1/admin.proto

import type { Long } from '@grpc/proto-loader';

export interface AdminIdentity {
  'id'?: (string);
  'provider'?: (string);
  'name'?: (string);
  'email'?: (string);
  'emailVerified'?: (boolean);
  'createdUnixMs'?: (number | string | Long);
  'lastLoginUnixMs'?: (number | string | Long);
}

export interface AdminIdentity__Output {
  'id': (string);
  'provider': (string);
  'name': (string);
  'email': (string);
  'emailVerified': (boolean);
  'createdUnixMs': (string);
  'lastLoginUnixMs': (string);
}
