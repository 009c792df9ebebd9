// Original file: protos/auth/v1/organizations.proto

import type { OrganizationEntry as _auth_v1_OrganizationEntry, OrganizationEntry__Output as _auth_v1_OrganizationEntry__Output } from '../../auth/v1/OrganizationEntry';

export interface ListMyOrganizationsResponse {
  'organizations'?: (_auth_v1_OrganizationEntry)[];
  'next'?: (string);
}

export interface ListMyOrganizationsResponse__Output {
  'organizations': (_auth_v1_OrganizationEntry__Output)[];
  'next': (string);
}
