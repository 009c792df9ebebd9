// Original file: protos/auth/v1/auth.proto


export interface CompleteLoginRequest {
  'provider'?: (string);
  'handshakeToken'?: (string);
  'params'?: ({[key: string]: string});
}

export interface CompleteLoginRequest__Output {
  'provider': (string);
  'handshakeToken': (string);
  'params': ({[key: string]: string});
}
