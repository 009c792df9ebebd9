// What a load request must hold, and what a replayed request (same idempotency key) answers.
import { createHash } from 'node:crypto';
import { invalidArgument } from '@gatehouse/errors';
import { cardNotFound, checkIdempotencyKey, idempotencyConflict, PaymentErrors, requireOwner } from '../errors';
import type { CardRecord, LoadRecord, LoadStatus } from '../ledger';
import type { LoadError } from '../limits';
import { MAX_AMOUNT_CENTS } from '../money';

const MAX_NONCE_LENGTH = 4096;

export interface LoadCardInput {
  ownerId: string;
  cardId: number;
  nonce: string;
  amountCents: number;
  idempotencyKey?: string;
  /**
   * The client address the gateway saw, for velocity rules per address; not part of the request's
   * fingerprint (a retry from another address replays the load).
   */
  clientAddress?: string;
}

export interface LoadAnswer {
  status: Exclude<LoadStatus, 'pending'>;
  errors: LoadError[];
  loadId: number;
  balanceCents: number;
  replayed: boolean;
}

export function validateLoad(input: LoadCardInput): void {
  requireOwner(input.ownerId);
  if (!Number.isSafeInteger(input.cardId) || input.cardId <= 0) throw cardNotFound();
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_AMOUNT_CENTS) {
    throw invalidArgument(PaymentErrors.INVALID_AMOUNT, 'amount must be a positive number of cents');
  }
  if (input.nonce.trim() === '' || input.nonce.length > MAX_NONCE_LENGTH) {
    throw invalidArgument(PaymentErrors.INVALID_NONCE, 'nonce is required');
  }
  checkIdempotencyKey(input.idempotencyKey);
  // An address as the gateway writes one (IPv4, IPv6 with a zone): what is kept and compared is bounded.
  if (input.clientAddress && !CLIENT_ADDRESS.test(input.clientAddress)) {
    throw invalidArgument(PaymentErrors.INVALID_CLIENT_ADDRESS, 'client_address must be an IP address');
  }
}

const CLIENT_ADDRESS = /^[0-9A-Fa-f:.]{2,45}(%[\w.-]{1,32})?$/;

/** What identifies "the same request" for an idempotency key. */
export function requestFingerprint(input: LoadCardInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.cardId, input.amountCents, input.nonce]))
    .digest('hex');
}

export function replay(earlier: LoadRecord, card: CardRecord | null, fingerprint: string | null): LoadAnswer {
  if (earlier.requestFingerprint !== fingerprint) {
    throw idempotencyConflict(
      PaymentErrors.IDEMPOTENCY_KEY_REUSED,
      'this idempotency key was already used for a different request',
    );
  }
  if (earlier.status === 'pending') {
    throw idempotencyConflict(
      PaymentErrors.IDEMPOTENCY_KEY_IN_USE,
      'a request with this idempotency key is in progress',
    );
  }
  return {
    status: earlier.status,
    errors: earlier.errors,
    loadId: earlier.id,
    balanceCents: card?.balanceCents ?? 0,
    replayed: true,
  };
}
