// Original file: protos/auth/v1/events.proto


export interface ListUserEventsRequest {
  'user'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListUserEventsRequest__Output {
  'user': (string);
  'limit': (number);
  'cursor': (string);
}
