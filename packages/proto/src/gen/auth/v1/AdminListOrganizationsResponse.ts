// Original file: protos/auth/v1/organizations.proto

import type { AdminOrganization as _auth_v1_AdminOrganization, AdminOrganization__Output as _auth_v1_AdminOrganization__Output } from '../../auth/v1/AdminOrganization';

export interface AdminListOrganizationsResponse {
  'organizations'?: (_auth_v1_AdminOrganization)[];
  'nextCursor'?: (string);
}

export interface AdminListOrganizationsResponse__Output {
  'organizations': (_auth_v1_AdminOrganization__Output)[];
  'nextCursor': (string);
}
