// Original file: protos/auth/v1/organizations.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface AdminCreateOrganizationRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'name'?: (string);
  'slug'?: (string);
  'ownerId'?: (string);
}

export interface AdminCreateOrganizationRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'name': (string);
  'slug': (string);
  'ownerId': (string);
}
