// Original file: protos/auth/v1/oidc_admin.proto

import type { OidcClientInfo as _auth_v1_OidcClientInfo, OidcClientInfo__Output as _auth_v1_OidcClientInfo__Output } from '../../auth/v1/OidcClientInfo';

export interface ListClientsResponse {
  'clients'?: (_auth_v1_OidcClientInfo)[];
}

export interface ListClientsResponse__Output {
  'clients': (_auth_v1_OidcClientInfo__Output)[];
}
