// Original file: protos/auth/v1/sessions.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface EndSessionResponse {
  'current'?: (boolean);
  'ended'?: (_auth_v1_EndedSession | null);
}

export interface EndSessionResponse__Output {
  'current': (boolean);
  'ended': (_auth_v1_EndedSession__Output | null);
}
