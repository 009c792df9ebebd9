// Original file: protos/auth/v1/auth.proto


export interface PasskeyUser {
  'id'?: (string);
  'name'?: (string);
  'picture'?: (string);
}

export interface PasskeyUser__Output {
  'id': (string);
  'name': (string);
  'picture': (string);
}
