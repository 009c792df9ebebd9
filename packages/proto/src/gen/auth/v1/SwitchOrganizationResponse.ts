// Original file: protos/auth/v1/organizations.proto

import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from '../../auth/v1/IssuedToken';

export interface SwitchOrganizationResponse {
  'session'?: (_auth_v1_IssuedToken | null);
}

export interface SwitchOrganizationResponse__Output {
  'session': (_auth_v1_IssuedToken__Output | null);
}
