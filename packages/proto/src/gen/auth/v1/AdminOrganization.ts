// Original file: protos/auth/v1/organizations.proto

import type { Long } from '@grpc/proto-loader';

export interface AdminOrganization {
  'id'?: (string);
  'name'?: (string);
  'slug'?: (string);
  'createdBy'?: (string);
  'allowUnverifiedInvitations'?: (boolean);
  'createdUnixMs'?: (number | string | Long);
  'members'?: (number);
}

export interface AdminOrganization__Output {
  'id': (string);
  'name': (string);
  'slug': (string);
  'createdBy': (string);
  'allowUnverifiedInvitations': (boolean);
  'createdUnixMs': (string);
  'members': (number);
}
