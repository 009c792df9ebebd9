// Original file: protos/auth/v1/organizations.proto

import type { Long } from '@grpc/proto-loader';

export interface CreateInvitationResponse {
  'id'?: (string);
  'email'?: (string);
  'roles'?: (string)[];
  'expiresUnixMs'?: (number | string | Long);
  'token'?: (string);
}

export interface CreateInvitationResponse__Output {
  'id': (string);
  'email': (string);
  'roles': (string)[];
  'expiresUnixMs': (string);
  'token': (string);
}
