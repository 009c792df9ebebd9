import type { LoadError } from '../limits';

/** What the processor said about a sale. Only `approved` ever credits a card. */
export type SaleOutcome =
  | { kind: 'approved'; transactionId: string; responseCode: string | null; responseText: string | null }
  /** Declined, rejected or invalid: certainly not charged; `errors` is what the API reports. */
  | {
      kind: 'declined';
      transactionId: string | null;
      responseCode: string | null;
      responseText: string | null;
      errors: LoadError[];
    }
  /** The processor refused our request itself (credentials, merchant, rate): certainly not charged. */
  | { kind: 'error'; reason: string }
  /** No answer (timeout, 5xx, network, garbled reply): the charge may or may not have happened. */
  | { kind: 'unknown'; reason: string };

/** What the processor knows of a sale we sent, found by our order id. */
export type SaleLookup =
  | Extract<SaleOutcome, { kind: 'approved' | 'declined' | 'unknown' }>
  /** The processor has no sale with that order id: it was never charged. */
  | { kind: 'not_found' };

export interface SaleRequest {
  amountCents: number;
  nonce: string;
  /** Our reference, stored by the processor, so an unknown outcome can be found again. */
  orderId: string;
}

/** What the processor said about a void or a refund. Only `reversed` ever debits a card. */
export type ReversalResult =
  /** Done: a void's transaction is the sale, a refund's its own credit. */
  | { kind: 'reversed'; transactionId: string; responseCode: string | null; responseText: string | null }
  /** Refused by the processor (91504, 91506, 91574, 91521, a decline...): certainly nothing moved. */
  | { kind: 'refused'; code: string; message: string }
  /** The processor refused our request itself (credentials, rate): certainly nothing moved. */
  | { kind: 'error'; reason: string }
  /** No answer: it may or may not have happened. */
  | { kind: 'unknown'; reason: string };

export interface RefundRequest {
  /** The sale to refund. */
  saleId: string;
  amountCents: number;
  /** Our reference for the refund's credit transaction, so an unknown outcome can be found again. */
  orderId: string;
}

/** A transaction as its status tells: found, not there, or no answer. */
export type TransactionLookup =
  | { kind: 'found'; status: string }
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

/** A credit (a refund) at the processor: one we asked for (its order id is ours) or made in its control panel. */
export interface CreditReport {
  id: string;
  orderId: string;
  refundedTransactionId: string | null;
  amountCents: number;
  /** Whether it moved (or will move) money: submitted for settlement, settling or settled. */
  succeeded: boolean;
}

export type RefundLookup =
  | { kind: 'found'; credit: CreditReport }
  | { kind: 'not_found' }
  | { kind: 'unknown'; reason: string };

/** The processor's dispute statuses, in the order a dispute moves through them. */
export type DisputeStatus =
  | 'open'
  | 'disputed'
  | 'under_review'
  | 'won'
  | 'lost'
  | 'accepted'
  | 'auto_accepted'
  | 'expired';

export const DISPUTE_STATUSES: readonly DisputeStatus[] = [
  'open',
  'disputed',
  'under_review',
  'won',
  'lost',
  'accepted',
  'auto_accepted',
  'expired',
];

/** A dispute as the processor reports it (a notification, or its search). */
export interface DisputeReport {
  id: string;
  transactionId: string;
  status: DisputeStatus;
  /** The disputed amount. */
  amountCents: number;
  kind: string;
  reason: string;
}

/** A notification, verified and read: its kind, when it was made, what it is about. */
export interface ProcessorNotification {
  kind: string;
  timestamp: Date | null;
  /** The id of its subject (a dispute's, a transaction's), '' when it has none. */
  subjectId: string;
  /** For the dispute kinds. */
  dispute?: DisputeReport;
}

/** A notification whose signature does not verify, or that cannot be read; a malformed challenge. */
export class InvalidNotificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidNotificationError';
  }
}

/** The payment processor, as the domain sees it. */
export interface Processor {
  /** A client token for the processor's client SDK; throws ProcessorUnavailableError. */
  clientToken(): Promise<string>;
  /** Never throws: every failure is an outcome. */
  sale(request: SaleRequest): Promise<SaleOutcome>;
  /** Finds the sale sent with `orderId`, to settle a load whose outcome was unknown. Never throws. */
  findSale(orderId: string): Promise<SaleLookup>;
  /** Voids a sale that has not settled (the whole of it). Never throws. */
  voidSale(saleId: string): Promise<ReversalResult>;
  /** Refunds (part of) a settled sale. Never throws. */
  refund(request: RefundRequest): Promise<ReversalResult>;
  /** A transaction's status (a void whose outcome was unknown is found by its sale's). Never throws. */
  findTransaction(id: string): Promise<TransactionLookup>;
  /** The refund sent with `orderId`. Never throws. */
  findRefund(orderId: string): Promise<RefundLookup>;
  /** Credits created since `since` (ours and the control panel's); throws ProcessorUnavailableError. */
  recentCredits(since: Date): Promise<CreditReport[]>;
  /** Disputes whose status changed since `since`; throws ProcessorUnavailableError. */
  recentDisputes(since: Date): Promise<DisputeReport[]>;
  /** Verifies and reads a posted notification (its form fields); throws InvalidNotificationError. */
  parseNotification(signature: string, payload: string): Promise<ProcessorNotification>;
  /** The answer to the processor's verification of the notification URL; throws InvalidNotificationError. */
  verifyChallenge(challenge: string): string;
}

export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

const NOT_CONFIGURED = 'payment processor is not configured';

/** Stands in when no credentials are configured: `pnpm start` works, loads are refused up front. */
export class UnconfiguredProcessor implements Processor {
  async clientToken(): Promise<string> {
    throw new ProcessorUnavailableError('payment processor is not configured (PROCESSOR_MERCHANT_ID and keys)');
  }

  async sale(): Promise<SaleOutcome> {
    return { kind: 'error', reason: NOT_CONFIGURED };
  }

  async findSale(): Promise<SaleLookup> {
    return { kind: 'unknown', reason: NOT_CONFIGURED };
  }

  async voidSale(): Promise<ReversalResult> {
    return { kind: 'error', reason: NOT_CONFIGURED };
  }

  async refund(): Promise<ReversalResult> {
    return { kind: 'error', reason: NOT_CONFIGURED };
  }

  async findTransaction(): Promise<TransactionLookup> {
    return { kind: 'unknown', reason: NOT_CONFIGURED };
  }

  async findRefund(): Promise<RefundLookup> {
    return { kind: 'unknown', reason: NOT_CONFIGURED };
  }

  async recentCredits(): Promise<CreditReport[]> {
    throw new ProcessorUnavailableError(NOT_CONFIGURED);
  }

  async recentDisputes(): Promise<DisputeReport[]> {
    throw new ProcessorUnavailableError(NOT_CONFIGURED);
  }

  async parseNotification(): Promise<ProcessorNotification> {
    throw new InvalidNotificationError('payment processor is not configured: no keys to verify notifications with');
  }

  verifyChallenge(): string {
    throw new InvalidNotificationError('payment processor is not configured: no keys to answer a challenge with');
  }
}
