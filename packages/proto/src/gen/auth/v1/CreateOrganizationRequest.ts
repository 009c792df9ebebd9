// Original file: protos/auth/v1/organizations.proto

import type { SessionCaller as _auth_v1_SessionCaller, SessionCaller__Output as _auth_v1_SessionCaller__Output } from '../../auth/v1/SessionCaller';

export interface CreateOrganizationRequest {
  'caller'?: (_auth_v1_SessionCaller | null);
  'name'?: (string);
  'slug'?: (string);
  'callerIsAdmin'?: (boolean);
}

export interface CreateOrganizationRequest__Output {
  'caller': (_auth_v1_SessionCaller__Output | null);
  'name': (string);
  'slug': (string);
  'callerIsAdmin': (boolean);
}
