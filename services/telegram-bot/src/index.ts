export { loadTelegramConfig, type TelegramConfig } from './config';
export { type RunningTelegramService, startTelegramService, type TelegramServiceOverrides } from './service';
