// Original file: protos/auth/v1/oidc_admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';

export interface UpdateClientRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'clientId'?: (string);
  'metadataJson'?: (string);
  'merge'?: (boolean);
}

export interface UpdateClientRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'clientId': (string);
  'metadataJson': (string);
  'merge': (boolean);
}
