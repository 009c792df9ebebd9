// Original file: protos/telegram/v1/telegram_bot.proto


export interface CreateLoginRequestRequest {
}

export interface CreateLoginRequestRequest__Output {
}
