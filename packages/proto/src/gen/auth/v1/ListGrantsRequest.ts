// Original file: protos/auth/v1/oidc.proto

import type { SessionCaller as _auth_v1_SessionCaller, SessionCaller__Output as _auth_v1_SessionCaller__Output } from '../../auth/v1/SessionCaller';

export interface ListGrantsRequest {
  'caller'?: (_auth_v1_SessionCaller | null);
}

export interface ListGrantsRequest__Output {
  'caller': (_auth_v1_SessionCaller__Output | null);
}
