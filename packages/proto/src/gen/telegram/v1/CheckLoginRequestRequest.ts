// Original file: protos/telegram/v1/telegram_bot.proto


export interface CheckLoginRequestRequest {
  'token'?: (string);
  'code'?: (string);
}

export interface CheckLoginRequestRequest__Output {
  'token': (string);
  'code': (string);
}
