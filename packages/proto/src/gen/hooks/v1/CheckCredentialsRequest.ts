// Original file: protos/hooks/v1/hooks.proto


export interface CheckCredentialsRequest {
  'provider'?: (string);
  'user'?: (string);
  'password'?: (string);
}

export interface CheckCredentialsRequest__Output {
  'provider': (string);
  'user': (string);
  'password': (string);
}
