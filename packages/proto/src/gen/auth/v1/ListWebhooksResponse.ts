// Original file: protos/auth/v1/events.proto

import type { WebhookInfo as _auth_v1_WebhookInfo, WebhookInfo__Output as _auth_v1_WebhookInfo__Output } from '../../auth/v1/WebhookInfo';

export interface ListWebhooksResponse {
  'webhooks'?: (_auth_v1_WebhookInfo)[];
}

export interface ListWebhooksResponse__Output {
  'webhooks': (_auth_v1_WebhookInfo__Output)[];
}
