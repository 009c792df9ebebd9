// Original file: protos/auth/v1/sessions.proto

import type { DeviceSession as _auth_v1_DeviceSession, DeviceSession__Output as _auth_v1_DeviceSession__Output } from '../../auth/v1/DeviceSession';

export interface ListSessionsResponse {
  'sessions'?: (_auth_v1_DeviceSession)[];
}

export interface ListSessionsResponse__Output {
  'sessions': (_auth_v1_DeviceSession__Output)[];
}
