// Original file: protos/auth/v1/oidc.proto

import type { OidcHeader as _auth_v1_OidcHeader, OidcHeader__Output as _auth_v1_OidcHeader__Output } from '../../auth/v1/OidcHeader';

export interface OidcHttpResponse {
  'status'?: (number);
  'headers'?: (_auth_v1_OidcHeader)[];
  'body'?: (Buffer | Uint8Array | string);
}

export interface OidcHttpResponse__Output {
  'status': (number);
  'headers': (_auth_v1_OidcHeader__Output)[];
  'body': (Buffer);
}
