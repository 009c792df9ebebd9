// Original file: protos/auth/v1/events.proto


export interface DeliveryAttempt {
  'at'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  'durationMs'?: (number);
}

export interface DeliveryAttempt__Output {
  'at': (string);
  'statusCode': (number);
  'error': (string);
  'durationMs': (number);
}
