import type { Settlement } from './ledger';
import type { LoadError } from './limits';
import type { SaleOutcome } from './processor';

/** The errors recorded for loads the processor did not settle with an answer of its own. */
export const PROCESSOR_UNAVAILABLE: LoadError = {
  code: 'processor-unavailable',
  message: 'the payment processor did not answer; the card was not credited and the load will be reconciled',
};

export const PROCESSOR_ERROR: LoadError = {
  code: 'processor-error',
  message: 'the payment processor refused the request; the card was not charged',
};

export const PROCESSOR_NOT_CHARGED: LoadError = {
  code: 'processor-not-charged',
  message: 'the payment processor has no record of this load; the card was not charged',
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
