// Original file: protos/auth/v1/events.proto


export interface WebhookInfo {
  'id'?: (string);
  'url'?: (string);
  'eventTypes'?: (string)[];
  'description'?: (string);
  'enabled'?: (boolean);
  'disabledReason'?: (string);
  'failingSince'?: (string);
  'createdAt'?: (string);
}

export interface WebhookInfo__Output {
  'id': (string);
  'url': (string);
  'eventTypes': (string)[];
  'description': (string);
  'enabled': (boolean);
  'disabledReason': (string);
  'failingSince': (string);
  'createdAt': (string);
}
