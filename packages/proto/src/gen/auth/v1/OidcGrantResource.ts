// Original file: protos/auth/v1/oidc.proto


export interface OidcGrantResource {
  'uri'?: (string);
  'scopes'?: (string)[];
}

export interface OidcGrantResource__Output {
  'uri': (string);
  'scopes': (string)[];
}
