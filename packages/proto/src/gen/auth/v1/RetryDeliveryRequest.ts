// Original file: protos/auth/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface RetryDeliveryRequest {
  'webhookId'?: (string);
  'deliveryId'?: (number | string | Long);
}

export interface RetryDeliveryRequest__Output {
  'webhookId': (string);
  'deliveryId': (string);
}
