// Original file: protos/auth/v1/admin.proto

import type { ImportRefusal as _auth_v1_ImportRefusal, ImportRefusal__Output as _auth_v1_ImportRefusal__Output } from '../../auth/v1/ImportRefusal';

export interface ImportUsersResponse {
  'imported'?: (number);
  'unchanged'?: (number);
  'refused'?: (_auth_v1_ImportRefusal)[];
}

export interface ImportUsersResponse__Output {
  'imported': (number);
  'unchanged': (number);
  'refused': (_auth_v1_ImportRefusal__Output)[];
}
