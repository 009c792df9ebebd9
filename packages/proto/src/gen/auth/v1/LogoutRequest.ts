// Original file: protos/auth/v1/auth.proto


export interface LogoutRequest {
  'provider'?: (string);
  'token'?: (string);
}

export interface LogoutRequest__Output {
  'provider': (string);
  'token': (string);
}
