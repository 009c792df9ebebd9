// Original file: protos/auth/v1/auth.proto


export interface LinkedIdentity {
  'id'?: (string);
  'provider'?: (string);
  'name'?: (string);
}

export interface LinkedIdentity__Output {
  'id': (string);
  'provider': (string);
  'name': (string);
}
