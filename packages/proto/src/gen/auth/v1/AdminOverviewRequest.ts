// Original file: protos/auth/v1/admin.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';
import type { Long } from '@grpc/proto-loader';

export interface AdminOverviewRequest {
  'actor'?: (_auth_v1_AdminActor | null);
  'hoursStartUnixMs'?: (number | string | Long);
}

export interface AdminOverviewRequest__Output {
  'actor': (_auth_v1_AdminActor__Output | null);
  'hoursStartUnixMs': (string);
}
