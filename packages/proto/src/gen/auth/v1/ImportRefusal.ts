// Original file: protos/auth/v1/admin.proto


export interface ImportRefusal {
  'line'?: (number);
  'reason'?: (string);
}

export interface ImportRefusal__Output {
  'line': (number);
  'reason': (string);
}
