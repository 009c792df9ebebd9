import type { LimitRule } from '../limits';
import type { CardRecord, LoadRecord, NewLoad, Settlement, UnsentRelease, UnsentReservation } from './records';

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
  ): Promise<{ card: CardRecord; usage: number[] } | null>;
}

export interface LedgerStore {
  /**
   * Creates a card unless the owner already holds `maxCards` (then null), counted under the owner's
   * lock in the same transaction, so concurrent creations never pass the cap together.
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
   * same transaction. Throws when the load has been settled already.
   */
  settle(
    loadId: number,
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
