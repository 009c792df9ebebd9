// Original file: protos/login/v1/login_handler.proto


export interface HttpRequest {
  'method'?: (string);
  'path'?: (string);
  'query'?: ({[key: string]: string});
  'headers'?: ({[key: string]: string});
  'body'?: (Buffer | Uint8Array | string);
  'clientIp'?: (string);
  'provider'?: (string);
}

export interface HttpRequest__Output {
  'method': (string);
  'path': (string);
  'query': ({[key: string]: string});
  'headers': ({[key: string]: string});
  'body': (Buffer);
  'clientIp': (string);
  'provider': (string);
}
