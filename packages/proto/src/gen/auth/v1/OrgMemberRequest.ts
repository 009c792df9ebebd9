// Original file: protos/auth/v1/organizations.proto

import type { SessionCaller as _auth_v1_SessionCaller, SessionCaller__Output as _auth_v1_SessionCaller__Output } from '../../auth/v1/SessionCaller';

export interface OrgMemberRequest {
  'caller'?: (_auth_v1_SessionCaller | null);
  'orgId'?: (string);
  'userId'?: (string);
}

export interface OrgMemberRequest__Output {
  'caller': (_auth_v1_SessionCaller__Output | null);
  'orgId': (string);
  'userId': (string);
}
