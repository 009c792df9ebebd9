import type { Logger } from '@gatehouse/logger';
import braintree from 'braintree';
import type { LoadError } from '../limits';
import { formatCents } from '../money';
import {
  type Processor,
  ProcessorUnavailableError,
  type SaleLookup,
  type SaleOutcome,
  type SaleRequest,
} from './processor';

export interface BraintreeSettings {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
  /** A loopback gateway (tests, `http://127.0.0.1:9099`); wins over `environment`. */
  gatewayUrl?: string;
  timeoutMs: number;
}

/** Sale statuses that moved, or will move, money (Braintree's transaction statuses). */
const CHARGED = new Set([
  'authorizing',
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settlement_pending',
  'settlement_confirmed',
  'settled',
]);

/**
 * SDK rejections that prove Braintree did not process the request: it refused to authenticate us,
 * the merchant or path does not exist, our keys were invalid before sending, or we were rate
 * limited. Every other rejection (timeouts, 5xx, network errors) leaves the outcome unknown.
 */
const NOT_PROCESSED = new Set([
  'authenticationError',
  'authorizationError',
  'notFoundError',
  'invalidKeysError',
  'upgradeRequired',
  'tooManyRequestsError',
  'testOperationPerformedInProductionError',
]);

/** What the ledger records, and clients read, when the processor gave no usable answer. */
export const PROCESSOR_TEXTS = {
  refused: 'the payment processor refused the request',
  unreachable: 'the payment processor could not be reached; nothing was charged',
  noAnswer: 'no answer from the payment processor; the outcome is unknown',
};

/**
 * Failures before a single byte reached the processor: the connection was refused or the name did
 * not resolve. Nothing can have been charged, so the load fails at once instead of waiting for
 * reconciliation (and counting against the user's limits meanwhile).
 */
function neverSent(err: unknown): boolean {
  const text = `${(err as { code?: unknown })?.code ?? ''} ${err instanceof Error ? err.message : String(err)}`;
  return /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN)\b/.test(text);
}

function environmentFor(settings: BraintreeSettings): braintree.Environment {
  if (settings.gatewayUrl) {
    const url = new URL(settings.gatewayUrl);
    const ssl = url.protocol === 'https:';
    const port = url.port || (ssl ? '443' : '80');
    // The SDK calls environment.server:port directly over http or https.
    return new braintree.Environment(url.hostname, port, url.origin, ssl, url.hostname, port);
  }
  return settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
}

/** The processor, through the real `braintree` SDK. */
export class BraintreeProcessor implements Processor {
  private readonly gateway: braintree.BraintreeGateway;

  constructor(
    private readonly settings: BraintreeSettings,
    private readonly log: Logger,
  ) {
    this.gateway = new braintree.BraintreeGateway({
      environment: environmentFor(settings),
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
    // Not a constructor option: the SDK's socket idle timeout (its default is 60 s).
    this.gateway.config.timeout = settings.timeoutMs;
  }

  async clientToken(): Promise<string> {
    let result: braintree.ValidatedResponse<braintree.ClientToken>;
    try {
      result = await this.withDeadline(this.gateway.clientToken.generate({}));
    } catch (err) {
      throw new ProcessorUnavailableError('payment processor did not issue a client token', { cause: err });
    }
    if (!result.success || !result.clientToken) {
      throw new ProcessorUnavailableError(`payment processor refused a client token: ${result.message}`);
    }
    return result.clientToken;
  }

  async sale(request: SaleRequest): Promise<SaleOutcome> {
    let result: braintree.ValidatedResponse<braintree.Transaction>;
    try {
      result = await this.withDeadline(
        this.gateway.transaction.sale({
          amount: formatCents(request.amountCents),
          paymentMethodNonce: request.nonce,
          orderId: request.orderId,
          options: { submitForSettlement: true },
        }),
      );
    } catch (err) {
      // The cause goes to the log; the ledger and clients get a stable text (PROCESSOR_TEXTS).
      const type = (err as { type?: string }).type;
      this.log.warn({ err, orderId: request.orderId }, 'processor sale failed without an answer');
      if (type && NOT_PROCESSED.has(type)) return { kind: 'error', reason: PROCESSOR_TEXTS.refused };
      if (neverSent(err)) return { kind: 'error', reason: PROCESSOR_TEXTS.unreachable };
      return { kind: 'unknown', reason: PROCESSOR_TEXTS.noAnswer };
    }
    const t = result.transaction as braintree.Transaction | undefined;
    if (result.success && t) {
      return {
        kind: 'approved',
        transactionId: t.id,
        responseCode: t.processorResponseCode ?? null,
        responseText: t.processorResponseText ?? null,
      };
    }
    return {
      kind: 'declined',
      transactionId: t?.id ?? null,
      responseCode: t?.processorResponseCode ?? null,
      responseText: t?.processorResponseText ?? null,
      errors: declineErrors(result),
    };
  }

  async findSale(orderId: string): Promise<SaleLookup> {
    let found: braintree.Transaction[];
    try {
      found = await this.withDeadline(
        (async () => {
          const results: braintree.Transaction[] = [];
          const stream = this.gateway.transaction.search((search) => search.orderId().is(orderId));
          for await (const t of stream) results.push(t as braintree.Transaction);
          return results;
        })(),
      );
    } catch (err) {
      this.log.warn({ err, orderId }, 'processor search failed');
      return { kind: 'unknown', reason: PROCESSOR_TEXTS.noAnswer };
    }
    // One sale per order id is what we send; should there be more, any charge wins.
    const charged = found.find((t) => CHARGED.has(t.status));
    if (charged) {
      return {
        kind: 'approved',
        transactionId: charged.id,
        responseCode: charged.processorResponseCode ?? null,
        responseText: charged.processorResponseText ?? null,
      };
    }
    const t = found[0];
    if (!t) return { kind: 'not_found' };
    const code = t.processorResponseCode || t.gatewayRejectionReason || t.status;
    return {
      kind: 'declined',
      transactionId: t.id,
      responseCode: t.processorResponseCode ?? null,
      responseText: t.processorResponseText ?? null,
      errors: [{ code, message: t.processorResponseText || `the processor recorded the sale as ${t.status}` }],
    };
  }

  /** The SDK's timeout is per socket inactivity; this bounds the whole call, a trickling reply included. */
  private withDeadline<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      );
    });
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
  }
}

/**
 * Why a sale was declined, most specific first: validation errors, then the settlement, processor and
 * gateway answers (the order clients of the card-loading API have always seen).
 */
function declineErrors(result: braintree.ValidatedResponse<braintree.Transaction>): LoadError[] {
  const deep = result.errors?.deepErrors() ?? [];
  if (deep.length > 0) return deep.map((e) => ({ code: String(e.code), message: e.message }));
  const t = result.transaction as braintree.Transaction | undefined;
  if (t?.processorSettlementResponseCode) {
    return [{ code: t.processorSettlementResponseCode, message: t.processorSettlementResponseText ?? '' }];
  }
  if (t?.processorResponseCode) return [{ code: t.processorResponseCode, message: t.processorResponseText ?? '' }];
  if (t?.gatewayRejectionReason) {
    return [
      { code: t.gatewayRejectionReason, message: result.message || `Gateway Rejected: ${t.gatewayRejectionReason}` },
    ];
  }
  return [{ code: 'UNKNOWN', message: result.message || 'UNKNOWN' }];
}
