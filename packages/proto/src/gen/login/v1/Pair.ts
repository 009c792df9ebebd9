// Original file: protos/login/v1/login_handler.proto


export interface Pair {
  'name'?: (string);
  'value'?: (string);
}

export interface Pair__Output {
  'name': (string);
  'value': (string);
}
