// Original file: protos/auth/v1/organizations.proto

import type { Long } from '@grpc/proto-loader';

export interface OrgInvitation {
  'id'?: (string);
  'email'?: (string);
  'roles'?: (string)[];
  'inviter'?: (string);
  'expiresUnixMs'?: (number | string | Long);
}

export interface OrgInvitation__Output {
  'id': (string);
  'email': (string);
  'roles': (string)[];
  'inviter': (string);
  'expiresUnixMs': (string);
}
