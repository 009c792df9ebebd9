import type { Logger } from '@gatehouse/logger';
import braintree from 'braintree';
import { formatCents } from '../money';
import { BraintreeMoneyBack } from './braintree-money-back';
import {
  type BraintreeSettings,
  CHARGED,
  collect,
  declineErrors,
  environmentFor,
  PROCESSOR_TEXTS,
  rejectionOf,
  withDeadline,
} from './braintree-sdk';
import {
  type CreditReport,
  type DisputeReport,
  type Processor,
  type ProcessorNotification,
  ProcessorUnavailableError,
  type RefundLookup,
  type RefundRequest,
  type ReversalResult,
  type SaleLookup,
  type SaleOutcome,
  type SaleRequest,
  type TransactionLookup,
} from './processor';

export { type BraintreeSettings, PROCESSOR_TEXTS };

/** The processor, through the real `braintree` SDK. */
export class BraintreeProcessor implements Processor {
  private readonly gateway: braintree.BraintreeGateway;
  /** Voids, refunds, their lookups, the catch-up searches and notifications (./braintree-money-back.ts). */
  private readonly moneyBack: BraintreeMoneyBack;

  constructor(
    private readonly settings: BraintreeSettings,
    protected readonly log: Logger,
  ) {
    this.gateway = new braintree.BraintreeGateway({
      environment: environmentFor(settings),
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
    // Not a constructor option: the SDK's socket idle timeout (its default is 60 s).
    this.gateway.config.timeout = settings.timeoutMs;
    this.moneyBack = new BraintreeMoneyBack(this.gateway, (call) => this.withDeadline(call), log);
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
      this.log.warn({ err, orderId: request.orderId }, 'processor sale failed without an answer');
      return rejectionOf(err);
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
        collect<braintree.Transaction>(this.gateway.transaction.search((search) => search.orderId().is(orderId))),
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

  voidSale(saleId: string): Promise<ReversalResult> {
    return this.moneyBack.voidSale(saleId);
  }

  refund(request: RefundRequest): Promise<ReversalResult> {
    return this.moneyBack.refund(request);
  }

  findTransaction(id: string): Promise<TransactionLookup> {
    return this.moneyBack.findTransaction(id);
  }

  findRefund(orderId: string): Promise<RefundLookup> {
    return this.moneyBack.findRefund(orderId);
  }

  recentCredits(since: Date): Promise<CreditReport[]> {
    return this.moneyBack.recentCredits(since);
  }

  recentDisputes(since: Date): Promise<DisputeReport[]> {
    return this.moneyBack.recentDisputes(since);
  }

  parseNotification(signature: string, payload: string): Promise<ProcessorNotification> {
    return this.moneyBack.parseNotification(signature, payload);
  }

  verifyChallenge(challenge: string): string {
    return this.moneyBack.verifyChallenge(challenge);
  }

  /** The SDK's timeout is per socket inactivity; this bounds the whole call, a trickling reply included. */
  protected withDeadline<T>(promise: Promise<T>): Promise<T> {
    return withDeadline(promise, this.settings.timeoutMs);
  }
}
