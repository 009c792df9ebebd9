import { AppError } from '@gatehouse/errors';

/**
 * Password accounts' refusals, in words a user can act on (docs/password-accounts.md). None of them
 * says whether an address has an account: those answers are the flows' common ones, never an error.
 */
export const passwordErrors = {
  disabled: () =>
    new AppError('failed_precondition', 'PASSWORDS_DISABLED', 'password accounts are not enabled on this server'),
  signupClosed: () =>
    new AppError(
      'permission_denied',
      'PASSWORD_SIGNUP_CLOSED',
      'sign-up is closed: ask an administrator for an account',
    ),
  badInput: (why: string) => new AppError('invalid_argument', 'PASSWORD_BAD_INPUT', why),
  /** The policy's own words (too short, too common, breached). */
  policy: (why: string) => new AppError('invalid_argument', 'PASSWORD_POLICY', why),
  captchaRequired: () =>
    new AppError('permission_denied', 'CAPTCHA_REQUIRED', 'CAPTCHA required: solve it, then send again'),
  captchaFailed: () =>
    new AppError('permission_denied', 'CAPTCHA_FAILED', 'the CAPTCHA was not solved: solve it again, then send again'),
  incorrect: () => new AppError('permission_denied', 'PASSWORD_INCORRECT', 'incorrect email or password'),
  wrongCurrent: () =>
    new AppError('permission_denied', 'PASSWORD_INCORRECT', 'the current password is wrong: type it again'),
  notVerified: () =>
    new AppError(
      'permission_denied',
      'EMAIL_NOT_VERIFIED',
      'verify your address first: follow the link we sent you (we have sent a new one)',
    ),
  badToken: () =>
    new AppError(
      'invalid_argument',
      'PASSWORD_TOKEN_INVALID',
      'this link is invalid, used or expired: ask for a new one',
    ),
  noPassword: () =>
    new AppError(
      'failed_precondition',
      'NO_PASSWORD',
      'this account has no password: set one with "forgot password" first',
    ),
  hasPassword: () =>
    new AppError(
      'already_exists',
      'HAS_PASSWORD',
      'this account has a password already: change it, or reset it with "forgot password"',
    ),
  sameEmail: () =>
    new AppError('invalid_argument', 'PASSWORD_BAD_INPUT', 'this is the address the account has already'),
  /** The caller went away (cancelled, or past its deadline) while its check waited for its turn. */
  abandoned: () =>
    new AppError(
      'deadline_exceeded',
      'PASSWORD_CHECK_ABANDONED',
      'the request was given up before the password was checked: send it again',
    ),
  emailTaken: () =>
    new AppError('already_exists', 'EMAIL_TAKEN', 'another account took this address meanwhile: choose another'),
};

/** True for passwordErrors.abandoned(): never a wrong password, never counted as a failure. */
export const isAbandoned = (err: unknown): boolean =>
  err instanceof AppError && err.code === 'PASSWORD_CHECK_ABANDONED';
