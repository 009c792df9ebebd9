// Original file: protos/auth/v1/auth.proto


export interface Param {
  'name'?: (string);
  'value'?: (string);
}

export interface Param__Output {
  'name': (string);
  'value': (string);
}
