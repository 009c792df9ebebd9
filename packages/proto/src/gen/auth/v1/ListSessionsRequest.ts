// Original file: protos/auth/v1/sessions.proto

import type { SessionCaller as _auth_v1_SessionCaller, SessionCaller__Output as _auth_v1_SessionCaller__Output } from '../../auth/v1/SessionCaller';

export interface ListSessionsRequest {
  'caller'?: (_auth_v1_SessionCaller | null);
}

export interface ListSessionsRequest__Output {
  'caller': (_auth_v1_SessionCaller__Output | null);
}
