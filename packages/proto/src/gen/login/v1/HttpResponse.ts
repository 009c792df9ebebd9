// Original file: protos/login/v1/login_handler.proto

import type { Pair as _login_v1_Pair, Pair__Output as _login_v1_Pair__Output } from '../../login/v1/Pair';

export interface HttpResponse {
  'status'?: (number);
  'headers'?: (_login_v1_Pair)[];
  'body'?: (Buffer | Uint8Array | string);
  'userJson'?: (string);
}

export interface HttpResponse__Output {
  'status': (number);
  'headers': (_login_v1_Pair__Output)[];
  'body': (Buffer);
  'userJson': (string);
}
