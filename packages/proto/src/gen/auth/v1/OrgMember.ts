// Original file: protos/auth/v1/organizations.proto

import type { Long } from '@grpc/proto-loader';

export interface OrgMember {
  'userId'?: (string);
  'name'?: (string);
  'roles'?: (string)[];
  'joinedUnixMs'?: (number | string | Long);
}

export interface OrgMember__Output {
  'userId': (string);
  'name': (string);
  'roles': (string)[];
  'joinedUnixMs': (string);
}
