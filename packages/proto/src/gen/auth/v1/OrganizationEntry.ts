// Original file: protos/auth/v1/organizations.proto

import type { Long } from '@grpc/proto-loader';

export interface OrganizationEntry {
  'id'?: (string);
  'name'?: (string);
  'slug'?: (string);
  'roles'?: (string)[];
  'createdUnixMs'?: (number | string | Long);
}

export interface OrganizationEntry__Output {
  'id': (string);
  'name': (string);
  'slug': (string);
  'roles': (string)[];
  'createdUnixMs': (string);
}
