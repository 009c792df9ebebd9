// Original file: protos/auth/v1/admin.proto

import type { Long } from '@grpc/proto-loader';

export interface UserSummary {
  'id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'emailVerifiedBy'?: (string);
  'status'?: (string);
  'blockReason'?: (string);
  'createdUnixMs'?: (number | string | Long);
  'lastLoginUnixMs'?: (number | string | Long);
}

export interface UserSummary__Output {
  'id': (string);
  'name': (string);
  'email': (string);
  'emailVerifiedBy': (string);
  'status': (string);
  'blockReason': (string);
  'createdUnixMs': (string);
  'lastLoginUnixMs': (string);
}
