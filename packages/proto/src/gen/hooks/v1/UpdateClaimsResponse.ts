// Original file: protos/hooks/v1/hooks.proto


export interface UpdateClaimsResponse {
  'claimsJson'?: (string);
}

export interface UpdateClaimsResponse__Output {
  'claimsJson': (string);
}
