// Original file: protos/auth/v1/events.proto


export interface RotateWebhookSecretResponse {
  'secret'?: (string);
}

export interface RotateWebhookSecretResponse__Output {
  'secret': (string);
}
