// Original file: protos/auth/v1/events.proto


export interface ListDeliveriesRequest {
  'webhookId'?: (string);
  'limit'?: (number);
}

export interface ListDeliveriesRequest__Output {
  'webhookId': (string);
  'limit': (number);
}
