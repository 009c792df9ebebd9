import type { Logger } from '@gatehouse/logger';
import { cardNotFound, ownerClosed } from '../errors';
import { type LedgerStore, LedgerUnavailableError, type LoadRecord, type UnsentReservation } from '../ledger';
import { cardFrozenError, type LimitRule, limitViolations } from '../limits';
import type { Processor, SaleOutcome } from '../processor';
import { auditLoadRecord } from './audit';
import { type LoadAnswer, type LoadCardInput, replay, requestFingerprint, validateLoad } from './requests';
import { PROCESSOR_UNAVAILABLE, settlementFor } from './settlement';
import { ledgerUnavailable, releaseUnsent } from './unsent';
import { type VelocityHooks, velocityOf } from './velocity';

export interface CardLoadsDeps {
  store: LedgerStore;
  processor: Processor;
  rules: readonly LimitRule[];
  /** The limit policies held in memory (../policies/cache.ts); without them, `rules` apply to every load. */
  policies?: { rulesFor(ownerId: string, cardId: number): readonly LimitRule[] };
  /** The velocity rules held in memory (../velocity/), and where a firing is told (event, metric). */
  velocity?: VelocityHooks;
  log: Logger;
  clock: () => Date;
  /** Work that must end before the process stops (Payments.drain waits for it). */
  track<T>(work: Promise<T>): Promise<T>;
  /** True once the service is stopping. */
  stopping(): boolean;
}

/**
 * One card load: check and reserve under the owner's lock, then charge, then settle. The pending row
 * counts against every limit while the processor is called, so no concurrent load can slip past a
 * limit, and a crash between the steps leaves a row that still counts (the safe direction).
 */
export class CardLoads {
  constructor(private readonly deps: CardLoadsDeps) {}

  async load(input: LoadCardInput): Promise<LoadAnswer> {
    validateLoad(input);
    const { amountCents } = input;
    const key = input.idempotencyKey || null;
    const fingerprint = key ? requestFingerprint(input) : null;
    const reserved = await this.reserve(input, key, fingerprint, this.deps.clock());
    if (reserved.kind === 'replay') return replay(reserved.load, reserved.card, fingerprint);
    const { load, card } = reserved;
    if (reserved.fired.length > 0)
      await this.deps.velocity?.fired({ ...reserved.asked, loadId: load.id }, reserved.fired);
    if (load.status === 'refused') {
      this.audit(load, 'refused', null, load.errors);
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
      settled = await this.deps.store.settle(load, settlementFor(outcome, this.deps.clock()));
    } catch (err) {
      // The sale may have been approved and the ledger cannot say so now: to the client this is an
      // unknown outcome (never "the ledger is unavailable", which invites a retry that pays twice).
      // The row stays pending, so reconciliation settles it.
      this.deps.log.error({ err, loadId: load.id, outcome: outcome.kind }, 'load could not be settled');
      // An approved sale the ledger missed keeps its transaction id here: reconciliation finds it again.
      const transactionId = outcome.kind === 'approved' ? outcome.transactionId : null;
      auditLoadRecord(this.deps.log, load, 'unknown', 'pending', transactionId, [PROCESSOR_UNAVAILABLE]);
      return {
        status: 'unknown',
        errors: [PROCESSOR_UNAVAILABLE],
        loadId: load.id,
        balanceCents: card.balanceCents,
        replayed: false,
      };
    }
    const status = settled.load.status as LoadAnswer['status'];
    this.audit(load, status, settled.load.processorTransactionId, settled.load.errors);
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
    // From memory: the policies and velocity rules are read at start and on each change, never per load.
    const rules = this.deps.policies?.rulesFor(ownerId, cardId) ?? this.deps.rules;
    const asked = { ownerId, cardId, amountCents, clientAddress: input.clientAddress || null };
    const velocity = velocityOf(this.deps.velocity, asked);
    try {
      return await this.deps.store.withOwnerLock(ownerId, async (tx) => {
        // The card and the limits' totals in one statement, after the owner's lock (taken with BEGIN),
        // and the load an Idempotency-Key names beside it: asked together, they go in BEGIN's write.
        // The velocity counts only when a rule could count this load (one statement, after these).
        const [earlier, found, counts] = await Promise.all([
          key ? tx.findLoadByKey(key) : null,
          tx.cardWithUsage(cardId, rules, now),
          velocity.rules.length > 0 ? tx.velocityCounts(velocity.rules, asked, now) : [],
        ]);
        if (earlier) {
          const card = earlier.cardId === found?.card.id ? found.card : await tx.findCard(earlier.cardId);
          return { kind: 'replay' as const, load: earlier, card };
        }
        if (!found) throw cardNotFound();
        // An owner closed for erasure takes no load: its user may be gone before the processor answers.
        if (found.ownerClosed) throw ownerClosed();
        const { card, usage } = found;
        // A frozen card (a lost dispute left it short) takes no loads until the shortfall is settled.
        const verdict = card.frozenAt ? velocity.none : velocity.decide(counts);
        const violations = card.frozenAt
          ? [cardFrozenError(card.shortfallCents)]
          : [...limitViolations(rules, { current: usage }, amountCents), ...verdict.blocks];
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
          clientAddress: asked.clientAddress,
          reviews: verdict.reviews,
          fired: verdict.fired.map(({ rule }) => ({
            rule: rule.name,
            subject: rule.subject,
            action: rule.action,
            mode: rule.mode,
          })),
        });
        return { kind: 'reserved' as const, load, card, fired: verdict.fired, asked };
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
    const { store, log, clock, stopping } = this.deps;
    void this.deps.track(releaseUnsent({ store, log, clock, stopping }, reservation));
  }

  /** The load's audit line, its status being the outcome. */
  private audit(
    load: LoadRecord,
    status: LoadAnswer['status'],
    transactionId: string | null,
    errors: LoadRecord['errors'],
  ) {
    auditLoadRecord(this.deps.log, load, status, status, transactionId, errors);
  }
}
