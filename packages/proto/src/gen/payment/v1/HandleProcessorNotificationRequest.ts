// Original file: protos/payment/v1/payment.proto


export interface HandleProcessorNotificationRequest {
  'btSignature'?: (string);
  'btPayload'?: (string);
}

export interface HandleProcessorNotificationRequest__Output {
  'btSignature': (string);
  'btPayload': (string);
}
