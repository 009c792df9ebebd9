import { MAX_IDEMPOTENCY_KEY_LENGTH, USER_ID } from '@gatehouse/contract';
import { AppError, errorCodes, invalidArgument, notFound } from '@gatehouse/errors';

/**
 * Every code the payment service sends in the `x-error-code` trailer, spelled once. (The lower-case
 * codes of a refused or failed load, such as `compliance-1-day`, are part of the LoadCard answer, not
 * errors: see limits.ts and settlement.ts.)
 */
export const PaymentErrors = errorCodes(
  'OWNER_REQUIRED',
  'INVALID_CARD_NAME',
  'INVALID_AMOUNT',
  'INVALID_NONCE',
  'INVALID_IDEMPOTENCY_KEY',
  'CARD_NOT_FOUND',
  'LOAD_NOT_FOUND',
  'INVALID_ADMIN',
  'INVALID_SIGNATURE',
  'INVALID_CHALLENGE',
  'TOO_MANY_CARDS',
  'OWNER_CLOSED',
  'OWNER_HAS_FUNDS',
  'INVALID_CLOSURE',
  'INVALID_PAGE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'PROCESSOR_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'DRAINING',
  'INVALID_MONTH',
  'STATEMENT_NOT_FOUND',
  'INVALID_DATE',
  'RECONCILIATION_NOT_FOUND',
  'DISPUTE_NOT_FOUND',
  'INVALID_EVIDENCE',
  'DISPUTE_REFUSED',
  'INVALID_POLICY',
  'POLICY_NOT_FOUND',
  'INVALID_VELOCITY_RULE',
  'VELOCITY_RULE_NOT_FOUND',
  'VELOCITY_RULE_EXISTS',
  'VELOCITY_RULE_READ_ONLY',
  'VELOCITY_REVIEW_NOT_FOUND',
  'VELOCITY_REVIEW_RESOLVED',
  'INVALID_CLIENT_ADDRESS',
);

export const cardNotFound = () => notFound(PaymentErrors.CARD_NOT_FOUND, 'card not found');
export const loadNotFound = () => notFound(PaymentErrors.LOAD_NOT_FOUND, 'load not found');

/** An idempotency key that cannot be honoured now; ALREADY_EXISTS on the wire (the gateway answers 409). */
export const idempotencyConflict = (code: string, message: string) => new AppError('already_exists', code, message);

/** An Idempotency-Key (of a load or a reversal) within the contract's length. */
/** A workload's or operator's name, as the gateway's admin API names its token callers (`operator`). */
const ADMIN_NAME = /^[\p{L}\p{N}._@+-]{1,100}$/u;
/**
 * An admin user, as the gateway names one (`user:<id>`, issue 43): their user id, which holds no control
 * character (the token's rule), and here no space or invisible character either.
 */
const ADMIN_USER = /^user:[^\p{C}\p{Z}]{1,200}$/u;

/** The administrator a request names (the gateway's admin API names its callers so), checked. */
export function requireAdmin(name: string): string {
  if (!ADMIN_NAME.test(name) && !ADMIN_USER.test(name))
    throw invalidArgument(
      PaymentErrors.INVALID_ADMIN,
      'admin must be a name of 1 to 100 letters, digits or ._@+-, or user:<user id>',
    );
  return name;
}

/** An owner id as every request names one: a user id (contract's USER_ID). */
export function requireOwner(ownerId: string): void {
  if (ownerId.trim() === '') throw invalidArgument(PaymentErrors.OWNER_REQUIRED, 'owner_id is required');
  // A checked caller sends a user id; anything else (a NUL, which Postgres refuses, or 100 kB, which no
  // index holds) is refused here, not by the database.
  if (!USER_ID.test(ownerId)) throw invalidArgument(PaymentErrors.OWNER_REQUIRED, 'owner_id is not a user id');
}

export function checkIdempotencyKey(key: string | undefined): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a key is header text; Postgres holds no NUL
  if ((key ?? '').length > MAX_IDEMPOTENCY_KEY_LENGTH || /[\u0000-\u001f\u007f]/.test(key ?? '')) {
    throw invalidArgument(
      PaymentErrors.INVALID_IDEMPOTENCY_KEY,
      `idempotency key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, none a control character`,
    );
  }
}

/** Past PAYMENT_MAX_CARDS_PER_OWNER; FAILED_PRECONDITION on the wire (the gateway answers 409). */
export const tooManyCards = (max: number) =>
  new AppError('failed_precondition', PaymentErrors.TOO_MANY_CARDS, `an owner may hold at most ${max} cards`);

/** An owner closed for erasure (CloseOwner): no card is made nor load taken; FAILED_PRECONDITION (409). */
export const ownerClosed = () =>
  new AppError('failed_precondition', PaymentErrors.OWNER_CLOSED, 'the account is closed: it is being erased');

/** CloseOwner refused: money held or in flight (a balance, a load or a reversal still open). */
export const ownerHasFunds = (holding: readonly string[]) =>
  new AppError('failed_precondition', PaymentErrors.OWNER_HAS_FUNDS, `owner has funds: ${holding.join(', ')}`);
