import type { LoadError } from '../limits';
import type { DisputeStatus } from '../processor';
import type { LoadRecord } from './records';

/**
 * The ledger's vocabulary of money that goes back: reversals of loads (a void before settlement, refunds
 * after) and the processor's disputes, and the changes their outcomes make to a card. The domain decides
 * each change (reversals/outcomes.ts, disputes/outcomes.ts); the store applies it, whole, in the
 * transaction that holds the owner's lock.
 */

export type ReversalStatus = 'pending' | 'awaiting_settlement' | 'succeeded' | 'failed' | 'unknown' | 'refused';
export type ReversalMethod = 'void' | 'refund';

/** Reversals that may still move money: reserved against the card (and the load) until they end. */
export const OPEN_REVERSAL: readonly ReversalStatus[] = ['pending', 'awaiting_settlement', 'unknown'];

export interface ReversalRecord {
  id: number;
  loadId: number;
  cardId: number;
  ownerId: string;
  amountCents: number;
  method: ReversalMethod;
  status: ReversalStatus;
  /** `user:<owner id>`, `admin:<name>`, or `processor` (a refund made in the processor's control panel). */
  requestedBy: string;
  /** The sale of the load (a void), or the refund's own transaction. */
  processorTransactionId: string | null;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  errors: LoadError[];
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  /** It gives back the whole load (tried as a void first). */
  whole: boolean;
  createdAt: Date;
  settledAt: Date | null;
}

export interface NewReversal {
  loadId: number;
  cardId: number;
  ownerId: string;
  amountCents: number;
  method: ReversalMethod;
  status: 'pending' | 'refused';
  requestedBy: string;
  errors: LoadError[];
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  whole: boolean;
  createdAt: Date;
}

/** What a card can give now, read under the owner's lock. */
export interface CardFunds {
  cardId: number;
  balanceCents: number;
  heldCents: number;
  /** What reversals under way have reserved. */
  reservedCents: number;
  frozen: boolean;
  shortfallCents: number;
}

/** Spendable: the balance less what disputes hold and reversals under way reserved (never below 0). */
export const available = (f: CardFunds) => Math.max(0, f.balanceCents - f.heldCents - f.reservedCents);

/** A load and what a reversal of it has to know, read under the owner's lock. */
export interface ReversalTarget {
  load: LoadRecord;
  funds: CardFunds;
  /** What reversals of the load that succeeded or may still succeed take. */
  committedCents: number;
  /** A reversal of it succeeded or is under way: the sale has been touched (no void any more). */
  touched: boolean;
  /** A void of it succeeded. */
  voided: boolean;
  /** The status of a dispute of it that was not won, if any. */
  disputeStatus: string | null;
}

/**
 * How a reversal ends, or where it stands now. The one thing its outcome functions return: the store
 * writes it, the card's balance and the limits in one transaction (and, with issue 34, its event).
 */
export interface ReversalChange {
  /** The outcome, named as its event will be (`reversal.<outcome>`). */
  outcome: 'succeeded' | 'failed' | 'awaiting_settlement' | 'unknown' | 'recorded';
  status: ReversalStatus;
  method: ReversalMethod;
  processorTransactionId: string | null;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  errors: LoadError[];
  /** Taken from the card's balance. */
  debitCents: number;
  /** What the card could not give (a refund found at the processor): recorded, and the card frozen. */
  shortfallCents: number;
  /** Of the load, what stops counting against the compliance limits. */
  uncountCents: number;
  settledAt: Date | null;
}

export interface DisputeRecord {
  id: number;
  processorDisputeId: string;
  processorTransactionId: string;
  /** Null when the transaction matches no load (kept and reported). */
  loadId: number | null;
  cardId: number | null;
  ownerId: string | null;
  amountCents: number;
  status: DisputeStatus;
  kind: string;
  reason: string;
  /** What it holds on the card now. */
  heldCents: number;
  debitedCents: number;
  shortfallCents: number;
  receivedAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

/** Where a dispute goes, decided from the report, its record so far and the card (disputes/outcomes.ts). */
export interface DisputeChange {
  /** The outcome, named as its event will be (`dispute.<outcome>`). */
  outcome: 'opened' | 'updated' | 'won' | 'lost';
  processorDisputeId: string;
  processorTransactionId: string;
  status: DisputeStatus;
  amountCents: number;
  kind: string;
  reason: string;
  /** Added to the card's hold (negative: released). */
  holdDeltaCents: number;
  /** What the dispute holds after the change. */
  heldCents: number;
  /** Taken from the card's balance, and what could not be (the card is then frozen). */
  debitCents: number;
  shortfallCents: number;
  closed: boolean;
}
