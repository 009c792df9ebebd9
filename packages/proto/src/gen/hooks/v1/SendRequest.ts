// Original file: protos/hooks/v1/hooks.proto


export interface SendRequest {
  'provider'?: (string);
  'address'?: (string);
  'text'?: (string);
}

export interface SendRequest__Output {
  'provider': (string);
  'address': (string);
  'text': (string);
}
