// Original file: protos/auth/v1/events.proto

import type { Delivery as _auth_v1_Delivery, Delivery__Output as _auth_v1_Delivery__Output } from '../../auth/v1/Delivery';

export interface ListDeliveriesResponse {
  'deliveries'?: (_auth_v1_Delivery)[];
}

export interface ListDeliveriesResponse__Output {
  'deliveries': (_auth_v1_Delivery__Output)[];
}
