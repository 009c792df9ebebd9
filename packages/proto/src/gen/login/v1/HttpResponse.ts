// Original file: protos/login/v1/login_handler.proto


export interface HttpResponse {
  'status'?: (number);
  'headers'?: ({[key: string]: string});
  'body'?: (Buffer | Uint8Array | string);
  'userJson'?: (string);
}

export interface HttpResponse__Output {
  'status': (number);
  'headers': ({[key: string]: string});
  'body': (Buffer);
  'userJson': (string);
}
