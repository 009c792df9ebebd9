export type * from './CheckLoginRequestRequest';
export type * from './CheckLoginRequestResponse';
export type * from './CreateLoginRequestRequest';
export type * from './CreateLoginRequestResponse';
export type * from './TelegramBotService';
