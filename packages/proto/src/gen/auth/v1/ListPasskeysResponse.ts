// Original file: protos/auth/v1/auth.proto

import type { PasskeyInfo as _auth_v1_PasskeyInfo, PasskeyInfo__Output as _auth_v1_PasskeyInfo__Output } from '../../auth/v1/PasskeyInfo';

export interface ListPasskeysResponse {
  'passkeys'?: (_auth_v1_PasskeyInfo)[];
}

export interface ListPasskeysResponse__Output {
  'passkeys': (_auth_v1_PasskeyInfo__Output)[];
}
