// Original file: protos/auth/v1/admin.proto


export interface ImportLine {
  'number'?: (number);
  'text'?: (string);
}

export interface ImportLine__Output {
  'number': (number);
  'text': (string);
}
