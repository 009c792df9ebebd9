// Original file: protos/payment/v1/payment.proto


export interface LoadError {
  'code'?: (string);
  'message'?: (string);
}

export interface LoadError__Output {
  'code': (string);
  'message': (string);
}
