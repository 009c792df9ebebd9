import type { LoadError } from '../limits';

/**
 * The ledger's vocabulary: cards and loads and how a load ends (the store's interface: ./store.ts);
 * reversals and disputes, the money that goes back: ./money-back.ts.
 */

export type LoadStatus = 'pending' | 'succeeded' | 'failed' | 'unknown' | 'refused';

export interface CardRecord {
  id: number;
  ownerId: string;
  name: string;
  balanceCents: number;
  createdAt: Date;
  /** What open disputes hold of the balance: it can be neither spent nor reversed. */
  heldCents: number;
  /** What lost disputes (or refunds made at the processor) could not debit. */
  shortfallCents: number;
  /** Set when a shortfall was recorded: loads and reversals are refused. */
  frozenAt: Date | null;
}

export interface LoadRecord {
  id: number;
  cardId: number;
  ownerId: string;
  amountCents: number;
  status: LoadStatus;
  processorTransactionId: string | null;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  errors: LoadError[];
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  createdAt: Date;
  /** What succeeded reversals gave back of it. */
  reversedCents: number;
}

export interface NewLoad {
  cardId: number;
  ownerId: string;
  amountCents: number;
  status: 'pending' | 'refused';
  errors: LoadError[];
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  createdAt: Date;
  /** Where the load came from (the gateway's client address), for the velocity rules per address. */
  clientAddress?: string | null;
  /** The velocity rules (review, enforce) that flag this load for an admin: written with it, if pending. */
  reviews?: { rule: string; message: string }[];
  /** Every velocity rule that fired on it, dry-run ones too: a velocity.fired event each, written with it. */
  fired?: FiredRule[];
}

/** A velocity rule that fired on a load, as its velocity.fired event names it. */
export interface FiredRule {
  rule: string;
  subject: 'card' | 'owner' | 'address';
  action: 'block' | 'review';
  mode: 'enforce' | 'dry_run';
}

/**
 * The ledger could not take a load's reservation (a database that is read-only, shutting down or out of
 * reach): nothing was sent to the processor. `reservationInDoubt` when the commit was sent but its
 * answer never came (the connection was lost under it): the pending row may exist all the same.
 */
export class LedgerUnavailableError extends Error {
  constructor(
    cause: unknown,
    readonly reservationInDoubt: boolean,
  ) {
    super('the ledger cannot take the reservation now', { cause });
    this.name = 'LedgerUnavailableError';
  }
}

/** A reservation whose commit was never confirmed, as its request made it (see LedgerStore.releaseUnsent). */
export interface UnsentReservation {
  ownerId: string;
  idempotencyKey: string;
  requestFingerprint: string;
  createdAt: Date;
}

/** How the load an unsent reservation left ends (LedgerStore.releaseUnsent): failed, with these errors and text. */
export interface UnsentRelease {
  errors: LoadError[];
  text: string;
  releasedAt: Date;
}

/** How a pending load ends. */
export interface Settlement {
  status: 'succeeded' | 'failed' | 'unknown';
  processorTransactionId: string | null;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  errors: LoadError[];
  settledAt: Date;
}
