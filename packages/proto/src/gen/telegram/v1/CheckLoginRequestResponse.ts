// Original file: protos/telegram/v1/telegram_bot.proto


export interface CheckLoginRequestResponse {
  'userJson'?: (string);
}

export interface CheckLoginRequestResponse__Output {
  'userJson': (string);
}
