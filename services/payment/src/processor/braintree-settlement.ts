// The processor's settlement, through the braintree SDK: the batch summary of a day and the day's
// transactions (a search by creation time, which the SDK pages through in fifties).
import type { Logger } from '@gatehouse/logger';
import braintree from 'braintree';
import { parseCents } from '../money';
import { type BraintreeSettings, collect, environmentFor, withDeadline } from './braintree-sdk';
import { ProcessorUnavailableError } from './processor';
import type { SettledTransaction, SettlementRecord, SettlementSource } from './settlement';

/** A day's search pages through its transactions 50 at a time: its deadline is this many single calls. */
const SEARCH_DEADLINE_CALLS = 400;

interface SdkRecord {
  kind?: string;
  count?: number | string;
  amountSettled?: string;
  merchantAccountId?: string;
}

interface SdkTransaction {
  id: string;
  type?: string;
  status: string;
  amount: string;
  orderId?: string | null;
  refundedTransactionId?: string | null;
}

interface RangeSearch {
  createdAt(): { between(a: unknown, b: unknown): void };
}

/** The SDK calls used here: @types/braintree types `generate` as returning the records, not the wrapper. */
interface SettlementGateway {
  settlementBatchSummary: {
    generate(request: { settlementDate: string }): Promise<{
      success: boolean;
      message?: string;
      settlementBatchSummary?: { records?: SdkRecord[] };
    }>;
  };
  transaction: { search(fn: (search: RangeSearch) => void): AsyncIterable<unknown> };
}

const cents = (amount: string | undefined) => (amount ? (parseCents(amount.trim()) ?? 0) : 0);

export class BraintreeSettlement implements SettlementSource {
  private readonly gateway: SettlementGateway;

  constructor(
    private readonly settings: BraintreeSettings,
    private readonly log: Logger,
  ) {
    const gateway = new braintree.BraintreeGateway({
      environment: environmentFor(settings),
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
    gateway.config.timeout = settings.timeoutMs;
    this.gateway = gateway as unknown as SettlementGateway;
  }

  async batchSummary(date: string): Promise<SettlementRecord[]> {
    let result: Awaited<ReturnType<SettlementGateway['settlementBatchSummary']['generate']>>;
    try {
      result = await withDeadline(
        this.gateway.settlementBatchSummary.generate({ settlementDate: date }),
        this.settings.timeoutMs,
      );
    } catch (err) {
      this.log.warn({ err, date }, 'settlement batch summary failed without an answer');
      throw new ProcessorUnavailableError('payment processor gave no settlement batch summary', { cause: err });
    }
    if (!result.success) {
      throw new ProcessorUnavailableError(`payment processor refused the settlement batch summary: ${result.message}`);
    }
    return (result.settlementBatchSummary?.records ?? [])
      .filter((r) => r.kind === 'sale' || r.kind === 'credit')
      .map((r) => ({
        merchantAccountId: r.merchantAccountId ?? '',
        kind: r.kind as 'sale' | 'credit',
        count: Number(r.count ?? 0),
        amountCents: cents(r.amountSettled),
      }));
  }

  async transactionsOf(date: string): Promise<SettledTransaction[]> {
    const start = new Date(`${date}T00:00:00Z`);
    const end = new Date(start.getTime() + 86_400_000 - 1000);
    let found: SdkTransaction[];
    try {
      found = await withDeadline(
        collect<SdkTransaction>(this.gateway.transaction.search((s) => s.createdAt().between(start, end))),
        this.settings.timeoutMs * SEARCH_DEADLINE_CALLS,
      );
    } catch (err) {
      this.log.warn({ err, date }, "search of the day's transactions failed");
      throw new ProcessorUnavailableError("payment processor did not list the day's transactions", { cause: err });
    }
    return found
      .filter((t) => t.type === 'sale' || t.type === 'credit')
      .map((t) => ({
        id: t.id,
        kind: t.type as 'sale' | 'credit',
        status: t.status,
        orderId: t.orderId ?? '',
        amountCents: cents(t.amount),
        refundedTransactionId: t.refundedTransactionId ?? null,
      }));
  }
}
