// Original file: protos/login/v1/login_handler.proto

import type { Pair as _login_v1_Pair, Pair__Output as _login_v1_Pair__Output } from '../../login/v1/Pair';

export interface HttpRequest {
  'method'?: (string);
  'path'?: (string);
  'query'?: (_login_v1_Pair)[];
  'headers'?: (_login_v1_Pair)[];
  'body'?: (Buffer | Uint8Array | string);
  'clientIp'?: (string);
  'provider'?: (string);
  'cookies'?: (_login_v1_Pair)[];
}

export interface HttpRequest__Output {
  'method': (string);
  'path': (string);
  'query': (_login_v1_Pair__Output)[];
  'headers': (_login_v1_Pair__Output)[];
  'body': (Buffer);
  'clientIp': (string);
  'provider': (string);
  'cookies': (_login_v1_Pair__Output)[];
}
