// Original file: protos/auth/v1/oidc.proto

import type { DeviceResource as _auth_v1_DeviceResource, DeviceResource__Output as _auth_v1_DeviceResource__Output } from '../../auth/v1/DeviceResource';
import type { Long } from '@grpc/proto-loader';

export interface DeviceRequest {
  'userCode'?: (string);
  'clientId'?: (string);
  'clientName'?: (string);
  'scopes'?: (string)[];
  'resources'?: (_auth_v1_DeviceResource)[];
  'expiresUnixMs'?: (number | string | Long);
}

export interface DeviceRequest__Output {
  'userCode': (string);
  'clientId': (string);
  'clientName': (string);
  'scopes': (string)[];
  'resources': (_auth_v1_DeviceResource__Output)[];
  'expiresUnixMs': (string);
}
