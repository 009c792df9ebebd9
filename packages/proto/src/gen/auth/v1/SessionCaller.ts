// Original file: protos/auth/v1/sessions.proto


export interface SessionCaller {
  'userId'?: (string);
  'jti'?: (string);
}

export interface SessionCaller__Output {
  'userId': (string);
  'jti': (string);
}
