// Original file: protos/hooks/v1/hooks.proto


export interface ReadSecretResponse {
  'secret'?: (string);
}

export interface ReadSecretResponse__Output {
  'secret': (string);
}
