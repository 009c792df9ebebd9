// Original file: protos/auth/v1/oidc_admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface ListClientsRequest {
  'actor'?: (_auth_v1_AdminActor | null);
}

export interface ListClientsRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
}
