import type { LimitRule } from '../limits';
import type { VelocityLoad, VelocityRule } from '../velocity/rule';
import type {
  CardFunds,
  DisputeChange,
  DisputeRecord,
  NewReversal,
  ReversalChange,
  ReversalRecord,
  ReversalStatus,
  ReversalTarget,
} from './money-back';
import type { CardRecord, LoadRecord, NewLoad, Settlement, UnsentRelease, UnsentReservation } from './records';
import type { StatementSnapshot } from './statement-records';

/** The store interfaces the domain needs; Postgres implements them (./postgres.ts). */

/** Reads and writes inside one transaction that holds the owner's lock. */
export interface OwnerTransaction {
  findCard(cardId: number): Promise<CardRecord | null>;
  findLoadByKey(idempotencyKey: string): Promise<LoadRecord | null>;
  /** Per rule: the owner's counted total since `now - windowMs`, or the card's exposure for a balance rule. */
  usage(rules: readonly LimitRule[], cardId: number, now: Date): Promise<number[]>;
  /**
   * Writes the load (and the limits' running totals) and commits the transaction with it, in one round
   * trip: the transaction's last statement, nothing may follow it.
   */
  commitLoad(load: NewLoad): Promise<LoadRecord>;
  /**
   * The owner's card (null when the owner has none of that id) and its `usage` as above, read together:
   * one round trip for the load path's checks.
   */
  cardWithUsage(
    cardId: number,
    rules: readonly LimitRule[],
    now: Date,
  ): Promise<{ card: CardRecord; usage: number[]; ownerClosed: boolean } | null>;
  /**
   * Per velocity rule (non-empty), its window's count before this load from the ledger's rows, and
   * whether the card is already among the counted cards; under the address's lock too when a rule
   * counts per address, so loads of several owners from one address are counted in turn.
   */
  velocityCounts(
    rules: readonly VelocityRule[],
    load: VelocityLoad,
    now: Date,
  ): Promise<{ current: number; holdsCard: boolean }[]>;
}

/** What keeps an owner from being closed: money on a card, or money still moving. */
export type OwnerHolding = 'balance' | 'open_loads' | 'open_reversals';

/** Owners closed while their user is erased (./postgres-closures.ts). */
export interface OwnerClosureStore {
  /**
   * Under the owner's lock (the one loads and reversals take), in one transaction: what of theirs holds
   * money (a balance, a load or reversal whose outcome is open); when nothing does, the owner is closed
   * until `until` (no card made, no load reserved) and the answer is empty.
   */
  close(ownerId: string, now: Date, until: Date): Promise<OwnerHolding[]>;
  /** Whether the owner is closed at `now`. */
  isClosed(ownerId: string, now: Date): Promise<boolean>;
}

export interface LedgerStore {
  /**
   * Creates a card unless the owner already holds `maxCards` or is closed (then null), counted under
   * the owner's lock in the same transaction, so concurrent creations never pass the cap together.
   */
  createCard(ownerId: string, name: string, now: Date, maxCards: number): Promise<CardRecord | null>;
  /** The owner's cards with an id above `afterId`, oldest first, at most `limit`. */
  listCards(ownerId: string, page: { afterId: number; limit: number }): Promise<CardRecord[]>;
  findCard(ownerId: string, cardId: number): Promise<CardRecord | null>;
  listLoads(cardId: number): Promise<LoadRecord[]>;
  /**
   * Runs `fn` in one transaction under a lock on the owner: every check-then-reserve of one owner's
   * loads is serialised, so concurrent loads can never both fit under a limit only one fits. A database
   * that cannot take the transaction is a LedgerUnavailableError.
   */
  withOwnerLock<T>(ownerId: string, fn: (tx: OwnerTransaction) => Promise<T>): Promise<T>;
  /**
   * Ends the pending load a reservation left if its commit did happen after all, and frees its
   * idempotency key: the load becomes `failed` (nothing was sent to the processor) and stops counting
   * against the limits. The load released, or null when the reservation never committed. Only for a
   * reservation the caller never sent to the processor.
   */
  releaseUnsent(reservation: UnsentReservation, release: UnsentRelease): Promise<LoadRecord | null>;
  /**
   * Ends a pending (or, when reconciling, unknown) load and, when it succeeded, credits the card in the
   * same transaction. Throws when the load has been settled already. `load` is the load as it was
   * reserved (its id finds it; owner, card and amount name it in the trail's event).
   */
  settle(
    load: Pick<LoadRecord, 'id' | 'ownerId' | 'cardId' | 'amountCents'>,
    settlement: Settlement,
    from?: readonly ('pending' | 'unknown')[],
  ): Promise<{ load: LoadRecord; balanceCents: number }>;
  /**
   * Loads created before `before` whose outcome is still open (pending or unknown), oldest first, with
   * ids above `afterId` (to page through a backlog).
   */
  listUnsettled(before: Date, limit: number, afterId?: number): Promise<LoadRecord[]>;
  /**
   * Runs `round` while no other replica runs one (a lock shared through the store): waits for the
   * other's to end with `wait`, else answers `{ ran: false }` at once. A store without it runs every round.
   */
  exclusiveRound?<T>(
    round: () => Promise<T>,
    options: { wait: boolean },
  ): Promise<{ ran: true; value: T } | { ran: false }>;
}

/** Reads and writes of reversals inside one transaction that holds the owner's lock. */
export interface ReversalTransaction {
  reversalByKey(requestedBy: string, idempotencyKey: string): Promise<ReversalRecord | null>;
  /** The owner's load of that card and what a reversal of it must know; null when there is no such load. */
  target(ownerId: string, cardId: number, loadId: number): Promise<ReversalTarget | null>;
  insertReversal(reversal: NewReversal): Promise<ReversalRecord>;
  /** The reversal, its row locked until the transaction ends. */
  reversal(id: number): Promise<ReversalRecord | null>;
  /** The reversal of that refund transaction, if one is recorded. */
  reversalOfRefund(transactionId: string): Promise<ReversalRecord | null>;
  funds(cardId: number): Promise<CardFunds>;
  /** A void the processor refused because the sale settled meanwhile goes on as a refund. */
  switchToRefund(reversalId: number): Promise<void>;
  /**
   * Writes the change when the reversal is still in one of `from` (else changes nothing and answers
   * null): its row, the card's balance (and shortfall), the load's reversed amount and the limits'
   * running totals, in this transaction.
   */
  apply(
    reversal: ReversalRecord,
    change: ReversalChange,
    from: readonly ReversalStatus[],
  ): Promise<{ reversal: ReversalRecord; balanceCents: number } | null>;
}

export interface ReversalStore {
  /**
   * Runs `fn` in one transaction under the owner's lock, the lock loads take: every check-then-write of
   * one owner's balance, holds and reservations is serialised. A database that cannot take the
   * transaction is a LedgerUnavailableError.
   */
  underOwnerLock<T>(ownerId: string, fn: (tx: ReversalTransaction) => Promise<T>): Promise<T>;
  /** Who owns the load (admin requests name no owner); null when there is no such load on that card. */
  ownerOfLoad(cardId: number, loadId: number): Promise<string | null>;
  /** The load whose sale is this processor transaction. */
  loadBySale(transactionId: string): Promise<LoadRecord | null>;
  /** The processor transaction of the load's sale (what its reversals void or refund). */
  loadSaleOf(loadId: number): Promise<string | null>;
  /** Which of these refund transactions are recorded already (a round skips them without a lock). */
  recordedRefunds(transactionIds: readonly string[]): Promise<Set<string>>;
  /** Every reversal of these loads, oldest first. */
  listReversals(loadIds: readonly number[]): Promise<ReversalRecord[]>;
  /**
   * Reversals whose outcome is open: pending or unknown ones created before `before`, and those awaiting
   * the sale's settlement whatever their age; oldest first, ids above `afterId`.
   */
  listOpenReversals(before: Date, limit: number, afterId?: number): Promise<ReversalRecord[]>;
}

/** A notification as received and verified, before it is applied. */
export interface ReceivedNotification {
  /** sha256 of the payload, hex: the processor gives notifications no id. */
  digest: string;
  kind: string;
  subjectId: string;
  notifiedAt: Date | null;
  receivedAt: Date;
  signature: string;
  payload: string;
}

/** What a notification changed. */
export type NotificationOutcome = 'applied' | 'stale' | 'unmatched' | 'ignored';

/** Reads and writes of disputes inside one transaction. */
export interface DisputeTransaction {
  loadBySale(transactionId: string): Promise<LoadRecord | null>;
  /** Takes the owner's lock (the one loads and reversals take) until the transaction ends. */
  lockOwner(ownerId: string): Promise<void>;
  /** The dispute, its row locked until the transaction ends. */
  dispute(processorDisputeId: string): Promise<DisputeRecord | null>;
  funds(cardId: number): Promise<CardFunds>;
  /**
   * Writes the dispute as the change leaves it (inserting it if it is new) and its effect on the card
   * (hold, debit, shortfall), in this transaction. `load` is the load it is about (null: none matches).
   */
  save(
    existing: DisputeRecord | null,
    load: LoadRecord | null,
    change: DisputeChange,
    at: Date,
  ): Promise<DisputeRecord>;
}

export interface DisputeStore {
  /**
   * Keeps the notification (once: a digest seen before answers 'duplicate' and runs nothing) and runs
   * `fn` in the same transaction, so a notification is recorded exactly when its effect is.
   */
  recordNotification(
    notification: ReceivedNotification,
    fn: (tx: DisputeTransaction) => Promise<NotificationOutcome>,
  ): Promise<NotificationOutcome | 'duplicate'>;
  /** Runs `fn` in one transaction (a dispute found by reconciliation's search). */
  inTransaction<T>(fn: (tx: DisputeTransaction) => Promise<T>): Promise<T>;
  /** A card's disputes, newest first. */
  listDisputes(cardId: number): Promise<DisputeRecord[]>;
  /** The status the ledger has for each of these processor disputes it knows (a round skips the same). */
  disputeStatuses(processorDisputeIds: readonly string[]): Promise<Map<string, string>>;
  /** Disputes whose transaction matched no load, newest first. */
  listUnmatchedDisputes(limit: number): Promise<DisputeRecord[]>;
  /** Deletes notifications received before `before`, at most `limit`; the number deleted. */
  pruneNotifications(before: Date, limit: number): Promise<number>;
}

/** What a card's statement reads (./postgres-statements.ts). */
export interface StatementStore {
  /**
   * The owner's card's balance movements in [from, to) and its balances, all from one snapshot; null
   * when the owner has no such card.
   */
  read(ownerId: string, cardId: number, from: Date, to: Date): Promise<StatementSnapshot | null>;
}
