// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminUpdateOrganizationRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'org'?: (string);
  'name'?: (string);
  'setAllowUnverifiedInvitations'?: (boolean);
  'allowUnverifiedInvitations'?: (boolean);
}

export interface AdminUpdateOrganizationRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'org': (string);
  'name': (string);
  'setAllowUnverifiedInvitations': (boolean);
  'allowUnverifiedInvitations': (boolean);
}
