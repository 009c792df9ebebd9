// Original file: protos/auth/v1/auth.proto


export interface IssueSessionRequest {
  'provider'?: (string);
  'userJson'?: (string);
  'site'?: (string);
  'sessionOnly'?: (boolean);
  'redirectUrl'?: (string);
}

export interface IssueSessionRequest__Output {
  'provider': (string);
  'userJson': (string);
  'site': (string);
  'sessionOnly': (boolean);
  'redirectUrl': (string);
}
