// Original file: protos/auth/v1/oidc_admin.proto

import type { OidcClientInfo as _auth_v1_OidcClientInfo, OidcClientInfo__Output as _auth_v1_OidcClientInfo__Output } from '../../auth/v1/OidcClientInfo';

export interface ClientWithSecret {
  'client'?: (_auth_v1_OidcClientInfo | null);
  'clientSecret'?: (string);
}

export interface ClientWithSecret__Output {
  'client': (_auth_v1_OidcClientInfo__Output | null);
  'clientSecret': (string);
}
