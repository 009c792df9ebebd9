// Original file: protos/auth/v1/events.proto

import type { WebhookInfo as _auth_v1_WebhookInfo, WebhookInfo__Output as _auth_v1_WebhookInfo__Output } from '../../auth/v1/WebhookInfo';

export interface CreateWebhookResponse {
  'webhook'?: (_auth_v1_WebhookInfo | null);
  'secret'?: (string);
}

export interface CreateWebhookResponse__Output {
  'webhook': (_auth_v1_WebhookInfo__Output | null);
  'secret': (string);
}
