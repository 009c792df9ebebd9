// Original file: protos/auth/v1/events.proto


export interface QueryEventsRequest {
  'type'?: (string);
  'user'?: (string);
  'actor'?: (string);
  'from'?: (string);
  'to'?: (string);
  'requestId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  'after'?: (string);
}

export interface QueryEventsRequest__Output {
  'type': (string);
  'user': (string);
  'actor': (string);
  'from': (string);
  'to': (string);
  'requestId': (string);
  'limit': (number);
  'cursor': (string);
  'after': (string);
}
