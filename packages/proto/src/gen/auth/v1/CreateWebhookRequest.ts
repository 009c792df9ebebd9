// Original file: protos/auth/v1/events.proto


export interface CreateWebhookRequest {
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
}

export interface CreateWebhookRequest__Output {
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
}
