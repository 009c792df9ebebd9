// Original file: protos/auth/v1/sessions.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface EndOtherSessionsResponse {
  'ended'?: (_auth_v1_EndedSession)[];
}

export interface EndOtherSessionsResponse__Output {
  'ended': (_auth_v1_EndedSession__Output)[];
}
