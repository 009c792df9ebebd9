// Where every reversal outcome is decided, one function each: what a request may reverse and how
// (planReversal), and how a reversal ends (reversalSucceeded, reversalFailed, reversalAwaitingSettlement,
// reversalUnknown, refundFoundAtProcessor). Each returns the whole change the store writes in one
// transaction under the owner's lock; the events of issue 34 (`reversal.<outcome>`) belong beside it.
import {
  available,
  type CardFunds,
  type ReversalChange,
  type ReversalMethod,
  type ReversalRecord,
  type ReversalTarget,
} from '../ledger';
import { cardFrozenError, type LoadError } from '../limits';
import { formatCents } from '../money';
import type { CreditReport, ReversalResult } from '../processor';

/** Braintree's answers a reversal plan turns on (the SDK's ValidationErrorCodes.Transaction). */
export const BRAINTREE = {
  cannotBeVoided: '91504',
  cannotRefundUnlessSettled: '91506',
  cannotRefundSettlingTransaction: '91574',
};

const notReversible = (why: string): LoadError => ({ code: 'not-reversible', message: why });

export const PARTIAL_BEFORE_SETTLEMENT: LoadError = {
  code: 'partial-before-settlement',
  message:
    'the sale has not settled yet: before settlement only the whole amount can be reversed (a void); reverse it all, or part of it once it has settled',
};

export const REVERSAL_UNKNOWN: LoadError = {
  code: 'processor-unavailable',
  message:
    'the outcome of this reversal is unknown (no answer from the payment processor); it will be reconciled. Retry only with the same Idempotency-Key',
};

export const REVERSAL_PROCESSOR_ERROR: LoadError = {
  code: 'processor-error',
  message: 'the payment processor refused the request; nothing was reversed',
};

export const NOT_REVERSED: LoadError = {
  code: 'processor-not-reversed',
  message: 'the payment processor has no record of this reversal; nothing was reversed',
};

/**
 * What of the load may still be reversed: its amount less every reversal that succeeded or may; nothing
 * for a load that did not succeed, was voided, or is disputed (its money is the dispute's to move).
 */
export function reversibleCents(t: Pick<ReversalTarget, 'load' | 'committedCents' | 'voided' | 'disputeStatus'>) {
  if (t.load.status !== 'succeeded' || t.voided || t.disputeStatus !== null) return 0;
  return Math.max(0, t.load.amountCents - t.committedCents);
}

export type ReversalPlan =
  | { kind: 'refused'; amountCents: number; errors: LoadError[] }
  | { kind: 'planned'; amountCents: number; method: ReversalMethod; whole: boolean };

/**
 * Whether and how a reversal of `requestedCents` (0: all that is left) may go: a void for the whole of a
 * load no reversal has touched (the sale may not have settled; a void then frees its share of the
 * limits), a refund otherwise. Never more than the load has left, nor than the card can give.
 */
export function planReversal(target: ReversalTarget, requestedCents: number): ReversalPlan {
  const { load, funds } = target;
  const left = reversibleCents(target);
  const amountCents = requestedCents || left || load.amountCents;
  const refuse = (error: LoadError): ReversalPlan => ({ kind: 'refused', amountCents, errors: [error] });
  if (load.status !== 'succeeded' || !load.processorTransactionId) {
    return refuse(notReversible(`the load did not succeed (it is ${load.status}): nothing was charged to give back`));
  }
  if (target.voided) return refuse(notReversible('the load has been voided already'));
  if (target.disputeStatus !== null) {
    return refuse(notReversible(`the load is disputed (${target.disputeStatus}): the dispute decides its money`));
  }
  if (left === 0) return refuse(notReversible('all of the load has been reversed, or is being reversed'));
  if (amountCents > left) {
    return refuse({
      code: 'exceeds-reversible',
      message: `${formatCents(amountCents)} > ${formatCents(left)} (what is left of the load to reverse)`,
    });
  }
  if (funds.frozen) return refuse(cardFrozenError(funds.shortfallCents));
  const spendable = available(funds);
  if (amountCents > spendable) {
    return refuse({
      code: 'exceeds-balance',
      message: `${formatCents(amountCents)} > ${formatCents(spendable)} (what the card has to give back: money already spent cannot be taken back)`,
    });
  }
  const whole = !target.touched && amountCents === load.amountCents;
  return { kind: 'planned', amountCents, method: whole ? 'void' : 'refund', whole };
}

const unchanged = (r: ReversalRecord) => ({
  method: r.method,
  processorTransactionId: r.processorTransactionId,
  processorResponseCode: r.processorResponseCode,
  processorResponseText: r.processorResponseText,
  debitCents: 0,
  shortfallCents: 0,
  uncountCents: 0,
});

/**
 * Done at the processor: the card gives the amount back (it was reserved, so it has it). A void frees
 * the load's share of the limits, since no money moved; a refund does not, unless `refundsFreeLimits`
 * (PAYMENT_REFUNDS_FREE_LIMITS): money did move twice, and a limit that forgot refunds could be passed
 * again and again by loading and refunding.
 */
export function reversalSucceeded(
  r: ReversalRecord,
  done: Extract<ReversalResult, { kind: 'reversed' }>,
  at: Date,
  refundsFreeLimits: boolean,
): ReversalChange {
  return {
    outcome: 'succeeded',
    status: 'succeeded',
    method: r.method,
    processorTransactionId: done.transactionId,
    processorResponseCode: done.responseCode,
    processorResponseText: done.responseText,
    errors: [],
    debitCents: r.amountCents,
    shortfallCents: 0,
    uncountCents: r.method === 'void' || refundsFreeLimits ? r.amountCents : 0,
    settledAt: at,
  };
}

/** Refused by the processor, or found not to have happened: nothing moved, the reservation ends. */
export function reversalFailed(
  r: ReversalRecord,
  errors: LoadError[],
  at: Date,
  responseText?: string,
): ReversalChange {
  return {
    ...unchanged(r),
    outcome: 'failed',
    status: 'failed',
    processorResponseCode: errors[0]?.code ?? null,
    processorResponseText: responseText ?? errors[0]?.message ?? null,
    errors,
    settledAt: at,
  };
}

/** The processor refuses a refund while the sale settles: it stays reserved, and reconciliation retries it. */
export function reversalAwaitingSettlement(
  r: ReversalRecord,
  refusal: { code: string; message: string },
): ReversalChange {
  return {
    ...unchanged(r),
    outcome: 'awaiting_settlement',
    status: 'awaiting_settlement',
    processorResponseCode: refusal.code,
    processorResponseText: refusal.message,
    errors: [],
    settledAt: null,
  };
}

/** No answer: it stays reserved (never applied twice) until reconciliation finds what happened. */
export function reversalUnknown(r: ReversalRecord, reason: string): ReversalChange {
  return {
    ...unchanged(r),
    outcome: 'unknown',
    status: 'unknown',
    processorResponseText: reason,
    errors: [REVERSAL_UNKNOWN],
    settledAt: null,
  };
}

/**
 * A refund made outside the API (the processor's control panel), found by reconciliation: the money has
 * gone, so the card gives what it can, and what it cannot is recorded as a shortfall that freezes it.
 */
export function refundFoundAtProcessor(
  credit: CreditReport,
  funds: CardFunds,
  at: Date,
  refundsFreeLimits: boolean,
): ReversalChange {
  const debitCents = Math.min(credit.amountCents, available(funds));
  return {
    outcome: 'recorded',
    status: 'succeeded',
    method: 'refund',
    processorTransactionId: credit.id,
    processorResponseCode: null,
    processorResponseText: 'refunded at the processor (not through this API)',
    errors: [],
    debitCents,
    shortfallCents: credit.amountCents - debitCents,
    uncountCents: refundsFreeLimits ? credit.amountCents : 0,
    settledAt: at,
  };
}

/**
 * The change a processor's answer makes to a reversal. A refund refused while the sale settles waits for
 * it, unless it was a partial refund of a sale not yet settled, which only a whole reversal (a void) can
 * undo: partial-before-settlement.
 */
export function reversalChangeFor(
  r: ReversalRecord,
  result: ReversalResult,
  at: Date,
  refundsFreeLimits: boolean,
): ReversalChange {
  switch (result.kind) {
    case 'reversed':
      return reversalSucceeded(r, result, at, refundsFreeLimits);
    case 'unknown':
      return reversalUnknown(r, result.reason);
    case 'error':
      return reversalFailed(r, [REVERSAL_PROCESSOR_ERROR], at, result.reason);
    case 'refused':
      if (result.code === BRAINTREE.cannotRefundUnlessSettled && !r.whole) {
        return reversalFailed(r, [PARTIAL_BEFORE_SETTLEMENT], at, `${result.code} ${result.message}`);
      }
      if (
        result.code === BRAINTREE.cannotRefundUnlessSettled ||
        result.code === BRAINTREE.cannotRefundSettlingTransaction
      ) {
        return reversalAwaitingSettlement(r, result);
      }
      return reversalFailed(r, [{ code: result.code, message: result.message }], at);
  }
}
