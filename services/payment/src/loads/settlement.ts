import type { Settlement } from '../ledger';
import type { LoadError } from '../limits';
import type { SaleOutcome } from '../processor';

/** The errors recorded for loads the processor did not settle with an answer of its own. */
/**
 * The unknown-outcome answer: the sale may or may not have been charged. The load counts against the
 * limits until reconciliation settles it; a retry must carry the same Idempotency-Key, which replays
 * this load (its settled outcome once known) instead of charging again.
 */
export const PROCESSOR_UNAVAILABLE: LoadError = {
  code: 'processor-unavailable',
  message:
    'the outcome of this load is unknown (no answer from the payment processor); it will be reconciled. Retry only with the same Idempotency-Key',
};

export const PROCESSOR_ERROR: LoadError = {
  code: 'processor-error',
  message: 'the payment processor refused the request; the card was not charged',
};

export const PROCESSOR_NOT_CHARGED: LoadError = {
  code: 'processor-not-charged',
  message: 'the payment processor has no record of this load; the card was not charged',
};

/**
 * A reservation whose commit was never confirmed, released once the ledger answered again: the load was
 * never sent to the processor (its caller was told so, and its idempotency key runs the load anew).
 */
export const NOT_SENT: LoadError = {
  code: 'not-sent',
  message: 'the ledger did not confirm this load, so it was never sent to the payment processor; nothing was charged',
};

/** How a load ends, from what the processor said about its sale. */
export function settlementFor(outcome: SaleOutcome, settledAt: Date): Settlement {
  const none = { processorTransactionId: null, processorResponseCode: null, processorResponseText: null };
  switch (outcome.kind) {
    case 'approved':
      return {
        status: 'succeeded',
        processorTransactionId: outcome.transactionId,
        processorResponseCode: outcome.responseCode,
        processorResponseText: outcome.responseText,
        errors: [],
        settledAt,
      };
    case 'declined':
      return {
        status: 'failed',
        processorTransactionId: outcome.transactionId,
        processorResponseCode: outcome.responseCode,
        processorResponseText: outcome.responseText,
        errors: outcome.errors,
        settledAt,
      };
    case 'error':
      return { status: 'failed', ...none, processorResponseText: outcome.reason, errors: [PROCESSOR_ERROR], settledAt };
    case 'unknown':
      return {
        status: 'unknown',
        ...none,
        processorResponseText: outcome.reason,
        errors: [PROCESSOR_UNAVAILABLE],
        settledAt,
      };
  }
}
