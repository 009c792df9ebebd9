// Original file: protos/auth/v1/auth.proto


export interface IssuedToken {
  'token'?: (string);
  'jti'?: (string);
  'maxAgeSeconds'?: (number);
}

export interface IssuedToken__Output {
  'token': (string);
  'jti': (string);
  'maxAgeSeconds': (number);
}
