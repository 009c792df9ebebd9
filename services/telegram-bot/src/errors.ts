import { AppError, errorCodes, invalidArgument, notFound, permissionDenied } from '@gatehouse/errors';
import type { CheckResult } from './requests';

/** Every code the telegram-bot service sends in the `x-error-code` trailer, spelled once. */
export const TelegramErrors = errorCodes(
  'BOT_NOT_CONFIGURED',
  'BOT_API_UNAVAILABLE',
  'BAD_TOKEN',
  'REQUEST_NOT_FOUND',
  'REQUEST_EXPIRED',
  'REQUEST_NOT_VERIFIED',
  'REQUEST_NEEDS_CODE',
  'BAD_CODE',
  'WRONG_CODE',
  'TOO_MANY_CODES',
);

/** A code that cannot be one the bot sent, or a code where the bot confirms with buttons. */
export const badCode = (message: string) => invalidArgument(TelegramErrors.BAD_CODE, message);
export const wrongCode = (attemptsLeft: number) =>
  permissionDenied(TelegramErrors.WRONG_CODE, `wrong code, ${attemptsLeft} attempts left`);
export const tooManyCodes = () =>
  permissionDenied(TelegramErrors.TOO_MANY_CODES, 'too many wrong codes: start the login again');

export const botNotConfigured = () =>
  new AppError(
    'failed_precondition',
    TelegramErrors.BOT_NOT_CONFIGURED,
    'telegram bot is not configured (TELEGRAM_BOT_TOKEN is unset)',
  );

/** go-pkgz's messages for a login request that yields no user. */
export const CHECK_FAILURES = {
  not_found: { code: TelegramErrors.REQUEST_NOT_FOUND, message: 'request is not found' },
  expired: { code: TelegramErrors.REQUEST_EXPIRED, message: 'request expired' },
  not_verified: { code: TelegramErrors.REQUEST_NOT_VERIFIED, message: 'request is not verified yet' },
  // Code mode: the bot has sent the code; the browser that started the login must post it.
  code_required: { code: TelegramErrors.REQUEST_NEEDS_CODE, message: 'code is required' },
} as const;

export function checkFailure(result: Exclude<CheckResult, { state: 'ok' }>): AppError {
  const f = CHECK_FAILURES[result.state];
  return notFound(f.code, f.message);
}
