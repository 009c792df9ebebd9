// Original file: protos/auth/v1/oidc.proto

import type { OidcGrant as _auth_v1_OidcGrant, OidcGrant__Output as _auth_v1_OidcGrant__Output } from '../../auth/v1/OidcGrant';

export interface ListGrantsResponse {
  'grants'?: (_auth_v1_OidcGrant)[];
}

export interface ListGrantsResponse__Output {
  'grants': (_auth_v1_OidcGrant__Output)[];
}
