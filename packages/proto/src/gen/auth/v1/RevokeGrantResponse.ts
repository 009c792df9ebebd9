// Original file: protos/auth/v1/oidc.proto


export interface RevokeGrantResponse {
  'clientId'?: (string);
}

export interface RevokeGrantResponse__Output {
  'clientId': (string);
}
