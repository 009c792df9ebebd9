// Original file: protos/auth/v1/oidc.proto

import type { OidcGrantResource as _auth_v1_OidcGrantResource, OidcGrantResource__Output as _auth_v1_OidcGrantResource__Output } from '../../auth/v1/OidcGrantResource';
import type { Long } from '@grpc/proto-loader';

export interface OidcGrant {
  'id'?: (string);
  'clientId'?: (string);
  'clientName'?: (string);
  'scopes'?: (string)[];
  'resources'?: (_auth_v1_OidcGrantResource)[];
  'createdUnixMs'?: (number | string | Long);
}

export interface OidcGrant__Output {
  'id': (string);
  'clientId': (string);
  'clientName': (string);
  'scopes': (string)[];
  'resources': (_auth_v1_OidcGrantResource__Output)[];
  'createdUnixMs': (string);
}
