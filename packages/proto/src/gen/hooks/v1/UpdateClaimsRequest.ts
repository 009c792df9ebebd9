// Original file: protos/hooks/v1/hooks.proto


export interface UpdateClaimsRequest {
  'claimsJson'?: (string);
}

export interface UpdateClaimsRequest__Output {
  'claimsJson': (string);
}
