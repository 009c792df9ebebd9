// Original file: protos/auth/v1/passwords.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface PasswordSessionsEnded {
  'endedSessions'?: (_auth_v1_EndedSession)[];
}

export interface PasswordSessionsEnded__Output {
  'endedSessions': (_auth_v1_EndedSession__Output)[];
}
