// What a reversal request must hold, who asked, and what a replayed request (same idempotency key) answers.
import { createHash } from 'node:crypto';
import { invalidArgument } from '@gatehouse/errors';
import {
  checkIdempotencyKey,
  idempotencyConflict,
  loadNotFound,
  PaymentErrors,
  requireAdmin,
  requireOwner,
} from '../errors';
import type { ReversalRecord, ReversalStatus } from '../ledger';
import type { LoadError } from '../limits';
import { MAX_AMOUNT_CENTS } from '../money';

/** Who asks for a reversal: the card's owner (the gateway's verified user) or an administrator. */
export type Requester = { kind: 'owner'; ownerId: string } | { kind: 'admin'; name: string };

export interface ReverseLoadInput {
  requester: Requester;
  cardId: number;
  loadId: number;
  /** 0: everything still reversible. */
  amountCents: number;
  idempotencyKey?: string;
}

export interface ReverseAnswer {
  /** The reversal's status now; never `pending` (a request still running is IDEMPOTENCY_KEY_IN_USE). */
  status: Exclude<ReversalStatus, 'pending'>;
  errors: LoadError[];
  reversal: ReversalRecord;
  /** The card's balance now. */
  balanceCents: number;
  replayed: boolean;
}

/** As the ledger records who asked: `user:<owner id>`, or `admin:<name>` (`admin:user:<id>` for an admin user). */
export function requestedBy(requester: Requester): string {
  return requester.kind === 'owner' ? `user:${requester.ownerId}` : `admin:${requester.name}`;
}

export function validateReverse(input: ReverseLoadInput): void {
  const { requester } = input;
  if (requester.kind === 'owner') requireOwner(requester.ownerId);
  if (requester.kind === 'admin') requireAdmin(requester.name);
  for (const id of [input.cardId, input.loadId]) {
    if (!Number.isSafeInteger(id) || id <= 0) throw loadNotFound();
  }
  const { amountCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw invalidArgument(PaymentErrors.INVALID_AMOUNT, 'amount must be a positive number of cents, or none');
  }
  checkIdempotencyKey(input.idempotencyKey);
}

/** What identifies "the same request" for an idempotency key. */
export function reverseFingerprint(input: ReverseLoadInput): string {
  return createHash('sha256')
    .update(JSON.stringify(['reverse', input.cardId, input.loadId, input.amountCents]))
    .digest('hex');
}

/** The answer of a reversal as it stands (a first answer, or a replay). */
export function answerOf(reversal: ReversalRecord, balanceCents: number, replayed: boolean): ReverseAnswer {
  return {
    status: reversal.status === 'pending' ? 'unknown' : reversal.status,
    errors: reversal.errors,
    reversal,
    balanceCents,
    replayed,
  };
}

/**
 * The earlier reversal of the same key, answered again as it stands now (its outcome once known, as a
 * load's replay is); a different request with the key, or one still running, is refused.
 */
export function replayReversal(
  earlier: ReversalRecord,
  fingerprint: string | null,
  balanceCents: number,
): ReverseAnswer {
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
  return answerOf(earlier, balanceCents, true);
}
