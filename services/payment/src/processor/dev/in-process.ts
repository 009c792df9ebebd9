// The development processor called in the payment process itself, through the domain's Processor
// interface: the same sandbox decisions, the same kept sales (search finds them, tests inject the same
// faults), the same outcomes the braintree SDK makes of its HTTP answers, without the SDK building a
// request and parsing XML per sale. Under load that was most of a card load's CPU outside Postgres.
// test/dev-processor-in-process.test.ts holds both paths to the same outcomes. Everything else (voids,
// refunds, their searches, notifications) is rare and goes through the SDK to the processor's port.
import { createLogger, type Logger } from '@gatehouse/logger';
import { formatCents } from '../../money';
import { BraintreeProcessor, PROCESSOR_TEXTS } from '../braintree';
import type { SaleLookup, SaleOutcome, SaleRequest } from '../processor';
import { APPROVED } from './sandbox';
import type { DevProcessor } from './server';
import { withOrderId } from './transactions';
import type { GatewayTransaction } from './wire';

const NO_ANSWER = PROCESSOR_TEXTS.noAnswer;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** A kept sale as BraintreeProcessor reads the gateway's answer to it. */
function outcomeOf(t: GatewayTransaction): Extract<SaleOutcome, { kind: 'approved' | 'declined' }> {
  if (APPROVED.has(t.status)) {
    return { kind: 'approved', transactionId: t.id, responseCode: t.responseCode, responseText: t.responseText };
  }
  const errors =
    t.responseCode !== null
      ? [{ code: t.responseCode, message: t.responseText ?? '' }]
      : [{ code: t.rejection ?? 'UNKNOWN', message: t.rejection ? `Gateway Rejected: ${t.rejection}` : 'UNKNOWN' }];
  return {
    kind: 'declined',
    transactionId: t.id,
    responseCode: t.responseCode,
    responseText: t.responseText,
    errors,
  };
}

export class InProcessDevProcessor extends BraintreeProcessor {
  /** `timeoutMs`: PROCESSOR_TIMEOUT, what a hanging or slow sale (a test's fault) waits before it is unknown. */
  constructor(
    private readonly dev: DevProcessor,
    private readonly timeoutMs: number,
    log: Logger = createLogger({ name: 'dev-processor', level: 'silent' }),
  ) {
    super(
      {
        merchantId: dev.merchantId,
        publicKey: dev.publicKey,
        privateKey: dev.privateKey,
        environment: 'sandbox',
        gatewayUrl: dev.url,
        timeoutMs,
      },
      log,
    );
  }

  override async clientToken(): Promise<string> {
    return this.dev.clientToken;
  }

  override async sale(request: SaleRequest): Promise<SaleOutcome> {
    const unknown: SaleOutcome = { kind: 'unknown', reason: NO_ANSWER };
    const fault = this.dev.faults.shift();
    if (fault === 'server-error' || fault === 'reset') return unknown;
    if (fault === 'hang') {
      await sleep(this.timeoutMs);
      return unknown;
    }
    const sold = this.dev.sell(request.nonce, formatCents(request.amountCents), request.orderId);
    if (sold.kind === 'invalid') {
      return {
        kind: 'declined',
        transactionId: null,
        responseCode: null,
        responseText: null,
        errors: sold.errors.map((e) => ({ code: e.code, message: e.message })),
      };
    }
    if (fault === 'charge-then-server-error') return unknown;
    if (fault === 'charge-slowly' && sold.approved) {
      await sleep(Math.min(this.dev.slowMs, this.timeoutMs));
      if (this.dev.slowMs >= this.timeoutMs) return unknown;
    }
    if (fault === 'charge-held' && sold.approved) await new Promise<void>((release) => this.dev.held.push(release));
    return outcomeOf(sold.transaction);
  }

  override async findSale(orderId: string): Promise<SaleLookup> {
    if (this.dev.searchFaults.shift() === 'server-error') return { kind: 'unknown', reason: NO_ANSWER };
    const found = withOrderId(this.dev, orderId);
    // As BraintreeProcessor: any charge wins; else the first sale's decline; else there is none.
    const charged = found.find((t) => APPROVED.has(t.status));
    if (charged) return outcomeOf(charged);
    const t = found[0];
    if (!t) return { kind: 'not_found' };
    return {
      kind: 'declined',
      transactionId: t.id,
      responseCode: t.responseCode,
      responseText: t.responseText,
      errors: [
        {
          code: t.responseCode || t.rejection || t.status,
          message: t.responseText || `the processor recorded the sale as ${t.status}`,
        },
      ],
    };
  }
}
