// Original file: protos/auth/v1/totp.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface ActivateTotpResponse {
  'recoveryCodes'?: (string)[];
  'retryAfterSeconds'?: (number);
  'endedSessions'?: (_auth_v1_EndedSession)[];
  'otherSessionsNotEnded'?: (boolean);
}

export interface ActivateTotpResponse__Output {
  'recoveryCodes': (string)[];
  'retryAfterSeconds': (number);
  'endedSessions': (_auth_v1_EndedSession__Output)[];
  'otherSessionsNotEnded': (boolean);
}
