import { invalidArgument, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { type AuditOutcome, auditLoad } from './audit';
import { cardNotFound, PaymentErrors, tooManyCards } from './errors';
import {
  type CardRecord,
  type LedgerStore,
  LedgerUnavailableError,
  type LoadRecord,
  type UnsentReservation,
} from './ledger';
import { type LimitRule, limitViolations } from './limits';
import {
  type LoadAnswer,
  type LoadCardInput,
  replay,
  requestFingerprint,
  requireOwner,
  validateLoad,
} from './load-requests';
import { type Processor, ProcessorUnavailableError, type SaleOutcome } from './processor';
import { type ReconcileReport, reconcile } from './reconciliation';
import { PROCESSOR_UNAVAILABLE, settlementFor } from './settlement';
import { ledgerUnavailable, releaseUnsent } from './unsent';

export const MAX_CARD_NAME_LENGTH = 100;
export const DEFAULT_MAX_CARDS_PER_OWNER = 100;
/** GET /cards/ pages: 50 cards unless asked, never more than 200. */
export const DEFAULT_CARDS_PAGE = 50;
export const MAX_CARDS_PAGE = 200;
/** A page cursor: the id of the last card of the page before. */
const CURSOR = /^[1-9][0-9]{0,15}$/;

export interface PaymentsDeps {
  store: LedgerStore;
  processor: Processor;
  rules: readonly LimitRule[];
  log: Logger;
  /**
   * How old an open load must be before reconciliation asks the processor about it: well past the
   * processor timeout, so a load still in flight is never settled twice, and past the delay before
   * the processor's search finds a new sale.
   */
  reconcileAfterMs?: number;
  /** Cards one owner may hold (PAYMENT_MAX_CARDS_PER_OWNER); 100 when unset. */
  maxCardsPerOwner?: number;
  /** Injected so tests can move time across a window boundary. */
  clock?: () => Date;
}

/** Cards, their ledger and the processor: the card-loading API without its transport. */
export class Payments {
  private readonly clock: () => Date;
  /** Loads between reservation and settlement: shutdown waits for these (see drain). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Set by drain(): a load that arrives now is refused before it starts, so another replica takes it. */
  private draining = false;

  constructor(private readonly deps: PaymentsDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async clientToken(ownerId: string): Promise<string> {
    requireOwner(ownerId);
    try {
      return await this.deps.processor.clientToken();
    } catch (err) {
      if (err instanceof ProcessorUnavailableError) {
        this.deps.log.warn({ err }, 'client token failed');
        throw unavailable(PaymentErrors.PROCESSOR_UNAVAILABLE, 'payment processor unavailable', err);
      }
      throw err;
    }
  }

  async createCard(ownerId: string, name: string): Promise<CardRecord> {
    requireOwner(ownerId);
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > MAX_CARD_NAME_LENGTH) {
      throw invalidArgument(PaymentErrors.INVALID_CARD_NAME, `name must be 1 to ${MAX_CARD_NAME_LENGTH} characters`);
    }
    const max = this.deps.maxCardsPerOwner ?? DEFAULT_MAX_CARDS_PER_OWNER;
    const card = await this.deps.store.createCard(ownerId, trimmed, this.clock(), max);
    if (!card) throw tooManyCards(max);
    return card;
  }

  /** One page of the owner's cards, oldest first, and the cursor of the next page (empty: the last). */
  async listCards(ownerId: string, page: { limit?: number; cursor?: string } = {}) {
    requireOwner(ownerId);
    const limit = page.limit || DEFAULT_CARDS_PAGE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CARDS_PAGE) {
      throw invalidArgument(PaymentErrors.INVALID_PAGE, `limit must be 1 to ${MAX_CARDS_PAGE}`);
    }
    if (page.cursor && !CURSOR.test(page.cursor)) {
      throw invalidArgument(PaymentErrors.INVALID_PAGE, 'cursor must be the next of a previous page');
    }
    // One more than asked tells whether a next page exists.
    const cards = await this.deps.store.listCards(ownerId, { afterId: Number(page.cursor || 0), limit: limit + 1 });
    const more = cards.length > limit;
    const shown = more ? cards.slice(0, limit) : cards;
    return { cards: shown, next: more ? String(shown.at(-1)?.id) : '' };
  }

  async listLoads(ownerId: string, cardId: number): Promise<LoadRecord[]> {
    requireOwner(ownerId);
    const card = await this.deps.store.findCard(ownerId, cardId);
    if (!card) throw cardNotFound();
    return this.deps.store.listLoads(card.id);
  }

  /**
   * Check and reserve under the owner's lock, then charge, then settle. The pending row counts
   * against every limit while the processor is called, so no concurrent load can slip past a limit,
   * and a crash between the steps leaves a row that still counts (the safe direction).
   */
  loadCard(input: LoadCardInput): Promise<LoadAnswer> {
    if (this.draining) {
      return Promise.reject(
        unavailable(PaymentErrors.DRAINING, 'the payment service is shutting down; nothing was charged, retry'),
      );
    }
    const running = this.runLoad(input);
    this.inFlight.add(running);
    const forget = () => this.inFlight.delete(running);
    running.then(forget, forget);
    return running;
  }

  /**
   * Waits until every load under way has been settled (or `timeoutMs` passed): a load that reached the
   * processor is recorded as charged or not before the process stops, not left for reconciliation.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.draining = true;
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }

  private async runLoad(input: LoadCardInput): Promise<LoadAnswer> {
    validateLoad(input);
    const { amountCents } = input;
    const key = input.idempotencyKey || null;
    const fingerprint = key ? requestFingerprint(input) : null;
    const reserved = await this.reserve(input, key, fingerprint, this.clock());
    if (reserved.kind === 'replay') return replay(reserved.load, reserved.card, fingerprint);
    const { load, card } = reserved;
    if (load.status === 'refused') {
      this.audit(load, 'refused', 'refused', null, load.errors);
      return {
        status: 'refused',
        errors: load.errors,
        loadId: load.id,
        balanceCents: card.balanceCents,
        replayed: false,
      };
    }

    const outcome = await this.deps.processor
      .sale({ amountCents, nonce: input.nonce, orderId: `load-${load.id}` })
      .catch((err: unknown): SaleOutcome => {
        this.deps.log.error({ err, loadId: load.id }, 'processor sale threw');
        return { kind: 'unknown', reason: 'no answer from the payment processor; the outcome is unknown' };
      });
    let settled: { load: LoadRecord; balanceCents: number };
    try {
      settled = await this.deps.store.settle(load.id, settlementFor(outcome, this.clock()));
    } catch (err) {
      // The sale may have been approved and the ledger cannot say so now: to the client this is an
      // unknown outcome (never "the ledger is unavailable", which invites a retry that pays twice).
      // The row stays pending, so reconciliation settles it.
      this.deps.log.error({ err, loadId: load.id, outcome: outcome.kind }, 'load could not be settled');
      // An approved sale the ledger missed keeps its transaction id here: reconciliation finds it again.
      const transactionId = outcome.kind === 'approved' ? outcome.transactionId : null;
      this.audit(load, 'unknown', 'pending', transactionId, [PROCESSOR_UNAVAILABLE]);
      return {
        status: 'unknown',
        errors: [PROCESSOR_UNAVAILABLE],
        loadId: load.id,
        balanceCents: card.balanceCents,
        replayed: false,
      };
    }
    const status = settled.load.status as LoadAnswer['status'];
    this.audit(load, status, status, settled.load.processorTransactionId, settled.load.errors);
    return {
      status,
      errors: settled.load.errors,
      loadId: load.id,
      balanceCents: settled.balanceCents,
      replayed: false,
    };
  }

  /**
   * Check and reserve under the owner's lock: an earlier load of the same key to replay, or the new
   * load, pending (or refused by a limit), committed. A ledger that cannot take it is the service's
   * UNAVAILABLE, which for a load always means nothing was charged.
   */
  private async reserve(input: LoadCardInput, key: string | null, fingerprint: string | null, now: Date) {
    const { ownerId, cardId, amountCents } = input;
    try {
      return await this.deps.store.withOwnerLock(ownerId, async (tx) => {
        // The card and the limits' totals in one statement, after the owner's lock (taken with BEGIN),
        // and the load an Idempotency-Key names beside it: asked together, they go in BEGIN's write.
        const [earlier, found] = await Promise.all([
          key ? tx.findLoadByKey(key) : null,
          tx.cardWithUsage(cardId, this.deps.rules, now),
        ]);
        if (earlier) {
          const card = earlier.cardId === found?.card.id ? found.card : await tx.findCard(earlier.cardId);
          return { kind: 'replay' as const, load: earlier, card };
        }
        if (!found) throw cardNotFound();
        const { card, usage } = found;
        const violations = limitViolations(this.deps.rules, { current: usage }, amountCents);
        const status = violations.length > 0 ? ('refused' as const) : ('pending' as const);
        const load = await tx.commitLoad({
          cardId: card.id,
          ownerId,
          amountCents,
          status,
          errors: violations,
          idempotencyKey: key,
          requestFingerprint: fingerprint,
          createdAt: now,
        });
        return { kind: 'reserved' as const, load, card };
      });
    } catch (err) {
      if (!(err instanceof LedgerUnavailableError)) throw err;
      // Nothing was sent to the processor: the caller may retry at once, and hears nothing was charged.
      this.deps.log.warn(
        { err, ownerId, cardId, inDoubt: err.reservationInDoubt },
        'load not reserved: the ledger cannot take writes; nothing was sent to the processor',
      );
      if (err.reservationInDoubt && key && fingerprint)
        this.releaseLater({ ownerId, idempotencyKey: key, requestFingerprint: fingerprint, createdAt: now });
      throw ledgerUnavailable(err);
    }
  }

  /** An in-doubt reservation is released in the background (./unsent.ts); drain waits for it too. */
  private releaseLater(reservation: UnsentReservation): void {
    const releasing = releaseUnsent(
      {
        store: this.deps.store,
        log: this.deps.log,
        clock: this.clock,
        audit: (load) => this.audit(load, 'failed', 'failed', null, load.errors),
        stopping: () => this.draining,
      },
      reservation,
    );
    this.inFlight.add(releasing);
    void releasing.finally(() => this.inFlight.delete(releasing));
  }

  /**
   * Settles loads whose outcome stayed open (unknown after a processor fault, or pending after a
   * crash) by asking the processor for the sale with the load's order id (./reconciliation.ts).
   */
  reconcile(options: { skipIfBusy?: boolean } = {}): Promise<ReconcileReport> {
    return reconcile(
      {
        ...this.deps,
        clock: this.clock,
        audit: (load, outcome, status, id, errors) => this.audit(load, outcome, status, id, errors),
      },
      options,
    );
  }

  private audit(
    load: LoadRecord,
    outcome: AuditOutcome,
    status: LoadRecord['status'],
    processorTransactionId: string | null,
    errors: LoadRecord['errors'],
  ): void {
    auditLoad(this.deps.log, {
      loadId: load.id,
      ownerId: load.ownerId,
      cardId: load.cardId,
      amountCents: load.amountCents,
      outcome,
      status,
      processorTransactionId,
      errors,
    });
  }
}
