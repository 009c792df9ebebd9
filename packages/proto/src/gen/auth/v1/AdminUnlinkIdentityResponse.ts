// Original file: protos/auth/v1/admin.proto

import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';

export interface AdminUnlinkIdentityResponse {
  'ended'?: (_auth_v1_EndedSession)[];
}

export interface AdminUnlinkIdentityResponse__Output {
  'ended': (_auth_v1_EndedSession__Output)[];
}
