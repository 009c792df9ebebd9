// Original file: protos/hooks/v1/hooks.proto


export interface ValidateRequest {
  'token'?: (string);
  'claimsJson'?: (string);
}

export interface ValidateRequest__Output {
  'token': (string);
  'claimsJson': (string);
}
