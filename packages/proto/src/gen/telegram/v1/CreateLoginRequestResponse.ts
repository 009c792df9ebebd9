// Original file: protos/telegram/v1/telegram_bot.proto

import type { Long } from '@grpc/proto-loader';

export interface CreateLoginRequestResponse {
  'botName'?: (string);
  'token'?: (string);
  'deepLink'?: (string);
  'expiresAt'?: (number | string | Long);
}

export interface CreateLoginRequestResponse__Output {
  'botName': (string);
  'token': (string);
  'deepLink': (string);
  'expiresAt': (string);
}
