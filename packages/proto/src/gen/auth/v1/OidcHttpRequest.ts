// Original file: protos/auth/v1/oidc.proto

import type { OidcHeader as _auth_v1_OidcHeader, OidcHeader__Output as _auth_v1_OidcHeader__Output } from '../../auth/v1/OidcHeader';

export interface OidcHttpRequest {
  'method'?: (string);
  'url'?: (string);
  'headers'?: (_auth_v1_OidcHeader)[];
  'body'?: (Buffer | Uint8Array | string);
  'clientIp'?: (string);
  'sessionToken'?: (string);
}

export interface OidcHttpRequest__Output {
  'method': (string);
  'url': (string);
  'headers': (_auth_v1_OidcHeader__Output)[];
  'body': (Buffer);
  'clientIp': (string);
  'sessionToken': (string);
}
