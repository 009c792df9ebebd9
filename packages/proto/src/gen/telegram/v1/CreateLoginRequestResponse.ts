// Original file: protos/telegram/v1/telegram_bot.proto


export interface CreateLoginRequestResponse {
  'botName'?: (string);
  'token'?: (string);
}

export interface CreateLoginRequestResponse__Output {
  'botName': (string);
  'token': (string);
}
