// Original file: protos/auth/v1/auth.proto


export interface ListProvidersResponse {
  'names'?: (string)[];
}

export interface ListProvidersResponse__Output {
  'names': (string)[];
}
