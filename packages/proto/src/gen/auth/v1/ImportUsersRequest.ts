// Original file: protos/auth/v1/admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';
import type { ImportLine as _auth_v1_ImportLine, ImportLine__Output as _auth_v1_ImportLine__Output } from '../../auth/v1/ImportLine';

export interface ImportUsersRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'lines'?: (_auth_v1_ImportLine)[];
  'first'?: (boolean);
}

export interface ImportUsersRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'lines': (_auth_v1_ImportLine__Output)[];
  'first': (boolean);
}
