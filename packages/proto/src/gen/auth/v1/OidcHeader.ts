// Original file: protos/auth/v1/oidc.proto


export interface OidcHeader {
  'name'?: (string);
  'value'?: (string);
}

export interface OidcHeader__Output {
  'name': (string);
  'value': (string);
}
