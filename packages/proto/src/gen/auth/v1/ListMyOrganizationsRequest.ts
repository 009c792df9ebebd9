// Original file: protos/auth/v1/organizations.proto

import type { SessionCaller as _auth_v1_SessionCaller, SessionCaller__Output as _auth_v1_SessionCaller__Output } from '../../auth/v1/SessionCaller';

export interface ListMyOrganizationsRequest {
  'caller'?: (_auth_v1_SessionCaller | null);
  'after'?: (string);
  'limit'?: (number);
}

export interface ListMyOrganizationsRequest__Output {
  'caller': (_auth_v1_SessionCaller__Output | null);
  'after': (string);
  'limit': (number);
}
