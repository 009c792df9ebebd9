import { CARD_ID, CARDS_PAGE } from '@gatehouse/contract';
import { invalidArgument, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { cardNotFound, ownerClosed, ownerHasFunds, PaymentErrors, requireOwner, tooManyCards } from './errors';
import type {
  CardRecord,
  DisputeRecord,
  DisputeStore,
  LedgerStore,
  OwnerClosureStore,
  ReversalStore,
  StatementStore,
} from './ledger';
import type { LimitRule } from './limits';
import { CardLoads } from './loads/load-card';
import { DEFAULT_RECONCILE_AFTER_MS, type ReconcileReport, reconcile } from './loads/reconciliation';
import type { LoadAnswer, LoadCardInput } from './loads/requests';
import type { VelocityHooks } from './loads/velocity';
import { type MoneyBackReport, reconcileMoneyBack } from './money-back';
import { type NotificationAnswer, ProcessorNotifications } from './notifications/notifications';
import { headroomOf, type LimitHeadroom } from './policies/headroom';
import { type Processor, ProcessorUnavailableError } from './processor';
import type { ReverseAnswer, ReverseLoadInput } from './reversals/requests';
import { LoadReversals } from './reversals/reverse-load';
import { type LoadView, loadViews } from './reversals/views';
import { cardStatement, type Statement } from './statements/statement';

export const MAX_CARD_NAME_LENGTH = 100;
export const DEFAULT_MAX_CARDS_PER_OWNER = 100;
/** GET /cards/ pages (the contract's CARDS_PAGE). */
const DEFAULT_CARDS_PAGE: number = CARDS_PAGE.default;
const MAX_CARDS_PAGE: number = CARDS_PAGE.max;
/** A page cursor: the id of the last card of the page before. */
const CURSOR = CARD_ID;

export interface PaymentsDeps {
  store: LedgerStore;
  reversals: ReversalStore;
  disputes: DisputeStore;
  /** Owners closed while their user is erased (CloseOwner). */
  closures: OwnerClosureStore;
  /** Card statements (./statements/). */
  statements: StatementStore;
  processor: Processor;
  rules: readonly LimitRule[];
  /** The limit policies held in memory (./policies/cache.ts); without them, `rules` apply to every load. */
  policies?: { rulesFor(ownerId: string, cardId: number): readonly LimitRule[] };
  /** The velocity rules held in memory and where a firing is told (./loads/velocity.ts); none when unset. */
  velocity?: VelocityHooks;
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
  /** PAYMENT_REFUNDS_FREE_LIMITS: a refund frees the load's share of the limits, as a void always does. */
  refundsFreeLimits?: boolean;
  /** How far back reconciliation searches the processor's credits and disputes (PAYMENT_RECONCILE_LOOKBACK). */
  lookbackMs?: number;
}

/** How long CloseOwner may close an owner: at least a minute, at most a day (tokens live minutes). */
const CLOSURE_MS = { min: 60_000, max: 86_400_000 };

/** Three days: a round every few minutes finds what a failed notification missed long before. */
export const DEFAULT_LOOKBACK_MS = 3 * 86_400_000;

/**
 * Cards, their ledger and the processor: the card-loading API without its transport. Each kind of money
 * movement has its room (loads/, reversals/, disputes/ with notifications/); this is their one face.
 */
export class Payments {
  private readonly clock: () => Date;
  /** Loads and reversals between reservation and outcome: shutdown waits for these (see drain). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Set by drain(): a load that arrives now is refused before it starts, so another replica takes it. */
  private draining = false;
  private readonly loads: CardLoads;
  private readonly reversals: LoadReversals;
  private readonly notifications: ProcessorNotifications;

  constructor(private readonly deps: PaymentsDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.loads = new CardLoads({
      ...deps,
      clock: this.clock,
      track: (work) => this.track(work),
      stopping: () => this.draining,
    });
    const refundsFreeLimits = deps.refundsFreeLimits ?? false;
    this.reversals = new LoadReversals({ ...deps, store: deps.reversals, clock: this.clock, refundsFreeLimits });
    this.notifications = new ProcessorNotifications({ ...deps, clock: this.clock });
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
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a name is text a person reads; Postgres holds no NUL
    if (trimmed === '' || trimmed.length > MAX_CARD_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(trimmed)) {
      throw invalidArgument(
        PaymentErrors.INVALID_CARD_NAME,
        `name must be 1 to ${MAX_CARD_NAME_LENGTH} characters, none a control character`,
      );
    }
    const max = this.deps.maxCardsPerOwner ?? DEFAULT_MAX_CARDS_PER_OWNER;
    const now = this.clock();
    const card = await this.deps.store.createCard(ownerId, trimmed, now, max);
    if (card) return card;
    throw (await this.deps.closures.isClosed(ownerId, now)) ? ownerClosed() : tooManyCards(max);
  }

  /**
   * Closes the owner for `forMs` while their user is erased (auth's DeleteUser): refused with
   * OWNER_HAS_FUNDS while money is held or moving (a balance, a load or a reversal whose outcome is
   * open); once closed, no card is made and no load reserved for them until it ends. The check and
   * the closure are one step under the owner's lock, so no load slips between them.
   */
  async closeOwner(ownerId: string, forMs: number): Promise<void> {
    requireOwner(ownerId);
    if (!Number.isInteger(forMs) || forMs < CLOSURE_MS.min || forMs > CLOSURE_MS.max) {
      throw invalidArgument(PaymentErrors.INVALID_CLOSURE, 'closed_for_ms must be one minute to one day');
    }
    const now = this.clock();
    const holding = await this.deps.closures.close(ownerId, now, new Date(now.getTime() + forMs));
    if (holding.length > 0) throw ownerHasFunds(holding);
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

  /** One of the owner's cards and its disputes, newest first. */
  async getCard(ownerId: string, cardId: number): Promise<{ card: CardRecord; disputes: DisputeRecord[] }> {
    requireOwner(ownerId);
    const card = await this.deps.store.findCard(ownerId, cardId);
    if (!card) throw cardNotFound();
    return { card, disputes: await this.deps.disputes.listDisputes(card.id) };
  }

  /**
   * Every limit that applies to a load on the card now (issue 49): its window, limit, usage and
   * headroom, read under the owner's lock as a load reads them, so the figures are a load's figures.
   */
  async cardLimits(ownerId: string, cardId: number): Promise<LimitHeadroom[]> {
    requireOwner(ownerId);
    const rules = this.deps.policies?.rulesFor(ownerId, cardId) ?? this.deps.rules;
    const now = this.clock();
    const found = await this.deps.store.withOwnerLock(ownerId, (tx) => tx.cardWithUsage(cardId, rules, now));
    if (!found) throw cardNotFound();
    return headroomOf(rules, found.usage);
  }

  /** The card's loads, newest first, each with its reversals and what may still be reversed. */
  async listLoads(ownerId: string, cardId: number): Promise<LoadView[]> {
    requireOwner(ownerId);
    const card = await this.deps.store.findCard(ownerId, cardId);
    if (!card) throw cardNotFound();
    const loads = await this.deps.store.listLoads(card.id);
    const [reversals, disputes] = await Promise.all([
      this.deps.reversals.listReversals(loads.map((l) => l.id)),
      this.deps.disputes.listDisputes(card.id),
    ]);
    return loadViews(loads, reversals, disputes);
  }

  /**
   * The card's statement for a UTC calendar month (yyyy-mm): INVALID_MONTH for another spelling,
   * STATEMENT_NOT_FOUND for a month that ended before the card existed or has not begun.
   */
  async statement(ownerId: string, cardId: number, month: string): Promise<Statement> {
    requireOwner(ownerId);
    return cardStatement(this.deps, { ownerId, cardId, month, now: this.clock() });
  }

  /** A card load (./loads/load-card.ts); refused before it starts once the service is draining. */
  loadCard(input: LoadCardInput): Promise<LoadAnswer> {
    if (this.draining) {
      return Promise.reject(
        unavailable(PaymentErrors.DRAINING, 'the payment service is shutting down; nothing was charged, retry'),
      );
    }
    return this.track(this.loads.load(input));
  }

  /** A reversal of a load (./reversals/reverse-load.ts); refused before it starts once the service is draining. */
  reverseLoad(input: ReverseLoadInput): Promise<ReverseAnswer> {
    if (this.draining) {
      return Promise.reject(
        unavailable(PaymentErrors.DRAINING, 'the payment service is shutting down; nothing was reversed, retry'),
      );
    }
    return this.track(this.reversals.reverse(input));
  }

  /** A notification the processor posted (./notifications/notifications.ts). */
  handleNotification(signature: string, payload: string): Promise<NotificationAnswer> {
    return this.notifications.handle(signature, payload);
  }

  verifyChallenge(challenge: string): string {
    return this.notifications.verifyChallenge(challenge);
  }

  listUnmatchedDisputes(limit = DEFAULT_CARDS_PAGE): Promise<DisputeRecord[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CARDS_PAGE) {
      throw invalidArgument(PaymentErrors.INVALID_PAGE, `limit must be 1 to ${MAX_CARDS_PAGE}`);
    }
    return this.deps.disputes.listUnmatchedDisputes(limit);
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

  /**
   * Settles loads whose outcome stayed open (unknown after a processor fault, or pending after a
   * crash) by asking the processor for the sale with the load's order id (./loads/reconciliation.ts).
   */
  reconcile(options: { skipIfBusy?: boolean } = {}): Promise<ReconcileReport> {
    return reconcile({ ...this.deps, clock: this.clock }, options);
  }

  /**
   * Catches the ledger up on money that went back (./money-back.ts): open reversals, refunds made in the
   * processor's control panel, disputes a notification never told, old notifications forgotten.
   */
  reconcileMoneyBack(options: { skipIfBusy?: boolean } = {}): Promise<MoneyBackReport> {
    return reconcileMoneyBack(
      {
        ...this.deps,
        notifications: this.notifications,
        clock: this.clock,
        refundsFreeLimits: this.deps.refundsFreeLimits ?? false,
        reconcileAfterMs: this.deps.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS,
        lookbackMs: this.deps.lookbackMs ?? DEFAULT_LOOKBACK_MS,
      },
      options,
    );
  }

  /** Keeps `work` in the set drain() waits for until it ends. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }
}
