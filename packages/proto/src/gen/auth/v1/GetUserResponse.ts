// Original file: protos/auth/v1/admin.proto

import type { UserSummary as _auth_v1_UserSummary, UserSummary__Output as _auth_v1_UserSummary__Output } from '../../auth/v1/UserSummary';
import type { AdminIdentity as _auth_v1_AdminIdentity, AdminIdentity__Output as _auth_v1_AdminIdentity__Output } from '../../auth/v1/AdminIdentity';
import type { PasskeyInfo as _auth_v1_PasskeyInfo, PasskeyInfo__Output as _auth_v1_PasskeyInfo__Output } from '../../auth/v1/PasskeyInfo';
import type { LiveSession as _auth_v1_LiveSession, LiveSession__Output as _auth_v1_LiveSession__Output } from '../../auth/v1/LiveSession';

export interface GetUserResponse {
  'user'?: (_auth_v1_UserSummary | null);
  'identities'?: (_auth_v1_AdminIdentity)[];
  'passkeys'?: (_auth_v1_PasskeyInfo)[];
  'totpEnabled'?: (boolean);
  'sessions'?: (_auth_v1_LiveSession)[];
  'hasPassword'?: (boolean);
}

export interface GetUserResponse__Output {
  'user': (_auth_v1_UserSummary__Output | null);
  'identities': (_auth_v1_AdminIdentity__Output)[];
  'passkeys': (_auth_v1_PasskeyInfo__Output)[];
  'totpEnabled': (boolean);
  'sessions': (_auth_v1_LiveSession__Output)[];
  'hasPassword': (boolean);
}
