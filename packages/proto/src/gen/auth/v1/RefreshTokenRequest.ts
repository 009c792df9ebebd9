// Original file: protos/auth/v1/auth.proto


export interface RefreshTokenRequest {
  'token'?: (string);
}

export interface RefreshTokenRequest__Output {
  'token': (string);
}
