// Original file: protos/auth/v1/events.proto


export interface WebhookRef {
  'id'?: (string);
}

export interface WebhookRef__Output {
  'id': (string);
}
