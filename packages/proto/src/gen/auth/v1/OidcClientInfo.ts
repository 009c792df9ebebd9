// Original file: protos/auth/v1/oidc_admin.proto

import type { Long } from '@grpc/proto-loader';

export interface OidcClientInfo {
  'clientId'?: (string);
  'metadataJson'?: (string);
  'createdUnixMs'?: (number | string | Long);
  'updatedUnixMs'?: (number | string | Long);
  'hasSecret'?: (boolean);
}

export interface OidcClientInfo__Output {
  'clientId': (string);
  'metadataJson': (string);
  'createdUnixMs': (string);
  'updatedUnixMs': (string);
  'hasSecret': (boolean);
}
