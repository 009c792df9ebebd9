// Original file: protos/hooks/v1/hooks.proto


export interface ReadSecretRequest {
  'audience'?: (string);
}

export interface ReadSecretRequest__Output {
  'audience': (string);
}
