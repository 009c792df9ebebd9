// Original file: protos/payment/v1/payment.proto


export interface HandleProcessorNotificationResponse {
  'kind'?: (string);
  'outcome'?: (string);
}

export interface HandleProcessorNotificationResponse__Output {
  'kind': (string);
  'outcome': (string);
}
