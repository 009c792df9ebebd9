// Original file: protos/auth/v1/sessions.proto

import type { Long } from '@grpc/proto-loader';

export interface DeviceSession {
  'id'?: (string);
  'createdUnixMs'?: (number | string | Long);
  'lastSeenUnixMs'?: (number | string | Long);
  'provider'?: (string);
  'userAgent'?: (string);
  'ip'?: (string);
  'current'?: (boolean);
}

export interface DeviceSession__Output {
  'id': (string);
  'createdUnixMs': (string);
  'lastSeenUnixMs': (string);
  'provider': (string);
  'userAgent': (string);
  'ip': (string);
  'current': (boolean);
}
