import { unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { loadNotFound, PaymentErrors } from '../errors';
import { LedgerUnavailableError, type ReversalRecord, type ReversalStore } from '../ledger';
import type { Processor, ReversalResult } from '../processor';
import { auditReversal } from './audit';
import { BRAINTREE, planReversal, REVERSAL_UNKNOWN, reversalChangeFor } from './outcomes';
import {
  answerOf,
  type ReverseAnswer,
  type ReverseLoadInput,
  replayReversal,
  requestedBy,
  reverseFingerprint,
  validateReverse,
} from './requests';

export interface LoadReversalsDeps {
  store: ReversalStore;
  processor: Processor;
  log: Logger;
  clock: () => Date;
  /** PAYMENT_REFUNDS_FREE_LIMITS: a refund frees the load's share of the limits as a void does. */
  refundsFreeLimits: boolean;
}

/** The processor's reference for a reversal's refund: found again by it when the outcome is unknown. */
export const refundOrderId = (reversalId: number) => `reversal-${reversalId}`;

/**
 * One reversal of a load, as loads go: check and reserve under the owner's lock (the reversal counts
 * against what the card can give while the processor is called, so concurrent reversals can never give
 * back more than the load, nor more than the card has), then the processor, then the outcome, written
 * with the card's balance in one transaction under the lock.
 */
export class LoadReversals {
  constructor(private readonly deps: LoadReversalsDeps) {}

  async reverse(input: ReverseLoadInput): Promise<ReverseAnswer> {
    validateReverse(input);
    const { store, log } = this.deps;
    const key = input.idempotencyKey || null;
    const fingerprint = key ? reverseFingerprint(input) : null;
    const who = requestedBy(input.requester);
    // An administrator names the load, not its owner: the owner's lock is the owner's all the same.
    const ownerId =
      input.requester.kind === 'owner' ? input.requester.ownerId : await store.ownerOfLoad(input.cardId, input.loadId);
    if (ownerId === null) throw loadNotFound();

    const reserved = await this.reserve(ownerId, input, who, key, fingerprint);
    if (reserved.kind === 'answer') return reserved.answer;
    const { reversal, saleId } = reserved;
    if (reversal.status === 'refused') {
      auditReversal(log, reversal, 'refused');
      return answerOf(reversal, reserved.balanceCents, false);
    }
    const result = await this.send(ownerId, reversal, saleId);
    return this.settle(ownerId, reversal, result, reserved.balanceCents);
  }

  private async reserve(
    ownerId: string,
    input: ReverseLoadInput,
    who: string,
    key: string | null,
    fingerprint: string | null,
  ) {
    const now = this.deps.clock();
    try {
      return await this.deps.store.underOwnerLock(ownerId, async (tx) => {
        const earlier = key ? await tx.reversalByKey(who, key) : null;
        if (earlier) {
          const funds = await tx.funds(earlier.cardId);
          return { kind: 'answer' as const, answer: replayReversal(earlier, fingerprint, funds.balanceCents) };
        }
        const target = await tx.target(ownerId, input.cardId, input.loadId);
        if (!target) throw loadNotFound();
        const plan = planReversal(target, input.amountCents);
        const reversal = await tx.insertReversal({
          loadId: target.load.id,
          cardId: target.load.cardId,
          ownerId,
          amountCents: plan.amountCents,
          method: plan.kind === 'planned' ? plan.method : 'refund',
          status: plan.kind === 'planned' ? 'pending' : 'refused',
          requestedBy: who,
          errors: plan.kind === 'refused' ? plan.errors : [],
          idempotencyKey: key,
          requestFingerprint: fingerprint,
          whole: plan.kind === 'planned' && plan.whole,
          createdAt: now,
        });
        return {
          kind: 'reserved' as const,
          reversal,
          saleId: target.load.processorTransactionId ?? '',
          balanceCents: target.funds.balanceCents,
        };
      });
    } catch (err) {
      if (!(err instanceof LedgerUnavailableError)) throw err;
      this.deps.log.warn({ err, ownerId }, 'reversal not reserved: the ledger cannot take writes; nothing was sent');
      throw unavailable(
        PaymentErrors.DATABASE_UNAVAILABLE,
        'the card ledger cannot take reversals now; nothing was reversed. Retry',
        err,
      );
    }
  }

  /**
   * A void, or a refund. A void the processor refuses because the sale settled meanwhile (91504) goes on
   * as a refund, recorded as one first (so an unknown outcome is looked for as a refund).
   */
  private async send(ownerId: string, r: ReversalRecord, saleId: string): Promise<ReversalResult> {
    const { processor, log } = this.deps;
    const guard = (call: Promise<ReversalResult>) =>
      call.catch((err: unknown): ReversalResult => {
        log.error({ err, reversalId: r.id }, 'processor reversal threw');
        return { kind: 'unknown', reason: REVERSAL_UNKNOWN.message };
      });
    const refund = () => guard(processor.refund({ saleId, amountCents: r.amountCents, orderId: refundOrderId(r.id) }));
    if (r.method === 'refund') return refund();
    const voided = await guard(processor.voidSale(saleId));
    if (voided.kind !== 'refused' || voided.code !== BRAINTREE.cannotBeVoided) return voided;
    try {
      await this.deps.store.underOwnerLock(ownerId, (tx) => tx.switchToRefund(r.id));
    } catch (err) {
      // Nothing was refunded; reconciliation finds no void either and ends it as failed.
      log.error({ err, reversalId: r.id }, 'a void refused after settlement could not turn into a refund');
      return { kind: 'unknown', reason: REVERSAL_UNKNOWN.message };
    }
    return refund();
  }

  /** The outcome, in one transaction under the owner's lock; a ledger that cannot take it leaves it unknown. */
  private async settle(ownerId: string, r: ReversalRecord, result: ReversalResult, balanceCents: number) {
    const { store, log, clock, refundsFreeLimits } = this.deps;
    try {
      const settled = await store.underOwnerLock(ownerId, async (tx) => {
        const current = (await tx.reversal(r.id)) ?? r;
        const change = reversalChangeFor(current, result, clock(), refundsFreeLimits);
        const applied = await tx.apply(current, change, ['pending']);
        if (applied) return applied;
        // Reconciliation got there first: answer what it found.
        return { reversal: current, balanceCents: (await tx.funds(current.cardId)).balanceCents };
      });
      auditReversal(log, settled.reversal, settled.reversal.status);
      return answerOf(settled.reversal, settled.balanceCents, false);
    } catch (err) {
      // The processor may have moved the money and the ledger cannot say so now: an unknown outcome,
      // reserved until reconciliation finds it (never "unavailable", which invites a retry).
      log.error({ err, reversalId: r.id, result: result.kind }, 'reversal could not be settled');
      const unknown = { ...r, errors: [REVERSAL_UNKNOWN] };
      auditReversal(log, unknown, 'unknown');
      return answerOf(unknown, balanceCents, false);
    }
  }
}
