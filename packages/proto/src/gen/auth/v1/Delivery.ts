// Original file: protos/auth/v1/events.proto

import type { DeliveryAttempt as _auth_v1_DeliveryAttempt, DeliveryAttempt__Output as _auth_v1_DeliveryAttempt__Output } from '../../auth/v1/DeliveryAttempt';
import type { Long } from '@grpc/proto-loader';

export interface Delivery {
  'id'?: (number | string | Long);
  'eventId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'attempts'?: (_auth_v1_DeliveryAttempt)[];
  'nextAttemptAt'?: (string);
}

export interface Delivery__Output {
  'id': (string);
  'eventId': (string);
  'eventType': (string);
  'status': (string);
  'attempts': (_auth_v1_DeliveryAttempt__Output)[];
  'nextAttemptAt': (string);
}
