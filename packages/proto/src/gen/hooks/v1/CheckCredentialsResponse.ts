// Original file: protos/hooks/v1/hooks.proto


export interface CheckCredentialsResponse {
  'ok'?: (boolean);
}

export interface CheckCredentialsResponse__Output {
  'ok': (boolean);
}
