// Original file: protos/auth/v1/identities.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface UnlinkIdentityResponse {
  'endedSessions'?: (_auth_v1_EndedSession)[];
  'otherSessionsNotEnded'?: (boolean);
}

export interface UnlinkIdentityResponse__Output {
  'endedSessions': (_auth_v1_EndedSession__Output)[];
  'otherSessionsNotEnded': (boolean);
}
