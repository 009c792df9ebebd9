import { AppError, errorCodes } from '@gatehouse/errors';

/** The TOTP second factor's error codes (docs/accounts.md "Second factor (TOTP)"), kept apart from the login ones. */
export const TotpErrors = errorCodes(
  'TOTP_DISABLED',
  'TOTP_NOT_SET_UP',
  'TOTP_ALREADY_ON',
  'TOTP_WRONG_CODE',
  'TOTP_BAD_INPUT',
  'TOTP_PENDING_UNKNOWN',
  'TOTP_KEY_MISSING',
  'TOTP_STORE_UNAVAILABLE',
);

export const totpErrors = {
  disabled: () =>
    new AppError(
      'failed_precondition',
      TotpErrors.TOTP_DISABLED,
      'TOTP is not enabled (it needs DATABASE_URL and AUTH_TOTP_KEY)',
    ),
  notSetUp: () =>
    new AppError('failed_precondition', TotpErrors.TOTP_NOT_SET_UP, 'TOTP is not set up: call setup first'),
  notOn: () => new AppError('failed_precondition', TotpErrors.TOTP_NOT_SET_UP, 'TOTP is not on for this user'),
  alreadyOn: () =>
    new AppError(
      'already_exists',
      TotpErrors.TOTP_ALREADY_ON,
      'TOTP is already on: turn it off first to set it up again',
    ),
  wrongCode: () =>
    new AppError('invalid_argument', TotpErrors.TOTP_WRONG_CODE, 'the code is wrong or was already used'),
  badInput: (why: string) => new AppError('invalid_argument', TotpErrors.TOTP_BAD_INPUT, why),
  /** The pending cookie names no login waiting for a second factor (expired, used, forged). */
  pendingUnknown: () =>
    new AppError(
      'unauthenticated',
      TotpErrors.TOTP_PENDING_UNKNOWN,
      'no login is waiting for a second factor (it expired after 5 minutes or was used): log in again',
    ),
  storeUnavailable: (cause: unknown) =>
    new AppError('unavailable', TotpErrors.TOTP_STORE_UNAVAILABLE, 'the login cannot be checked now, try again', {
      cause,
    }),
  /** An active secret sealed with a key no longer configured: only a recovery code can help. */
  keyMissing: (cause: unknown) =>
    new AppError(
      'unavailable',
      TotpErrors.TOTP_KEY_MISSING,
      'TOTP codes cannot be checked now (key not configured); use a recovery code',
      { cause },
    ),
};
