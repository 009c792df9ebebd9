// Original file: protos/auth/v1/events.proto

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from '../../auth/v1/AdminActor';
import type { Long } from '@grpc/proto-loader';

export interface RetryDeliveryRequest {
  'webhookId'?: (string);
  'deliveryId'?: (number | string | Long);
  'actor'?: (_auth_v1_AdminActor | null);
}

export interface RetryDeliveryRequest__Output {
  'webhookId': (string);
  'deliveryId': (string);
  'actor': (_auth_v1_AdminActor__Output | null);
}
