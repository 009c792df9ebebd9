// Original file: protos/auth/v1/identities.proto

import type { Identity as _auth_v1_Identity, Identity__Output as _auth_v1_Identity__Output } from '../../auth/v1/Identity';

export interface ListIdentitiesResponse {
  'identities'?: (_auth_v1_Identity)[];
}

export interface ListIdentitiesResponse__Output {
  'identities': (_auth_v1_Identity__Output)[];
}
