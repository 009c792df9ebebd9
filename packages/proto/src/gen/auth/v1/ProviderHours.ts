// Original file: protos/auth/v1/admin.proto

import type { Long } from '@grpc/proto-loader';

export interface ProviderHours {
  'provider'?: (string);
  'counts'?: (number | string | Long)[];
}

export interface ProviderHours__Output {
  'provider': (string);
  'counts': (string)[];
}
