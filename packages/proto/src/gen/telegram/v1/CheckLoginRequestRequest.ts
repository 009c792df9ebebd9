// Original file: protos/telegram/v1/telegram_bot.proto


export interface CheckLoginRequestRequest {
  'token'?: (string);
}

export interface CheckLoginRequestRequest__Output {
  'token': (string);
}
