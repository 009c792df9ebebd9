// Original file: protos/auth/v1/auth.proto


export interface GetJwksResponse {
  'jwksJson'?: (string);
}

export interface GetJwksResponse__Output {
  'jwksJson': (string);
}
