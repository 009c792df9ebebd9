// Original file: protos/auth/v1/oidc.proto

import type { DeviceRequest as _auth_v1_DeviceRequest, DeviceRequest__Output as _auth_v1_DeviceRequest__Output } from '../../auth/v1/DeviceRequest';

export interface DeviceCodeResponse {
  'request'?: (_auth_v1_DeviceRequest | null);
  'retryAfterSeconds'?: (number);
}

export interface DeviceCodeResponse__Output {
  'request': (_auth_v1_DeviceRequest__Output | null);
  'retryAfterSeconds': (number);
}
