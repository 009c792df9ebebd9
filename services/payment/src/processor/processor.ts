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

/** The payment processor, as the domain sees it. */
export interface Processor {
  /** A client token for the processor's client SDK; throws ProcessorUnavailableError. */
  clientToken(): Promise<string>;
  /** Never throws: every failure is an outcome. */
  sale(request: SaleRequest): Promise<SaleOutcome>;
  /** Finds the sale sent with `orderId`, to settle a load whose outcome was unknown. Never throws. */
  findSale(orderId: string): Promise<SaleLookup>;
}

export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

/** Stands in when no credentials are configured: `pnpm start` works, loads are refused up front. */
export class UnconfiguredProcessor implements Processor {
  async clientToken(): Promise<string> {
    throw new ProcessorUnavailableError('payment processor is not configured (PROCESSOR_MERCHANT_ID and keys)');
  }

  async sale(): Promise<SaleOutcome> {
    return { kind: 'error', reason: 'payment processor is not configured' };
  }

  async findSale(): Promise<SaleLookup> {
    return { kind: 'unknown', reason: 'payment processor is not configured' };
  }
}
