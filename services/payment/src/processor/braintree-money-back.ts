// Money that goes back, through the braintree SDK: voids and refunds, the lookups that settle their
// unknown outcomes, the searches reconciliation catches up with (credits made in the control panel,
// disputes), and the notifications Braintree posts, verified with our keys.
import type { Logger } from '@gatehouse/logger';
import type braintree from 'braintree';
import { formatCents, parseCents } from '../money';
import { collect, declineErrors, rejectionOf } from './braintree-sdk';
import {
  type CreditReport,
  DISPUTE_STATUSES,
  type DisputeReport,
  type DisputeStatus,
  InvalidNotificationError,
  type ProcessorNotification,
  ProcessorUnavailableError,
  type RefundLookup,
  type RefundRequest,
  type ReversalResult,
  type TransactionLookup,
} from './processor';

/** A transaction as the SDK reads one (the fields these calls use). */
interface SdkTransaction {
  id: string;
  type?: string;
  status: string;
  amount: string;
  orderId?: string | null;
  refundedTransactionId?: string | null;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
}

/** A dispute as the SDK reads one, from a search or a notification. */
interface SdkDispute {
  id: string;
  status?: string;
  amountDisputed?: string | null;
  amount?: string | null;
  kind?: string | null;
  reason?: string | null;
  transaction?: { id?: string } | null;
  transactionDetails?: { id?: string } | null;
}

type Search = Record<string, () => { is(v: unknown): void; min(v: unknown): void; in(...v: unknown[]): void }>;

/** The SDK calls used here; @types/braintree leaves out the refund options, dispute search and verify. */
interface MoneyBackGateway {
  transaction: {
    void(id: string): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
    refund(
      id: string,
      options: { amount: string; orderId: string },
    ): Promise<braintree.ValidatedResponse<braintree.Transaction>>;
    find(id: string): Promise<SdkTransaction>;
    search(fn: (search: Search) => void): AsyncIterable<unknown>;
  };
  dispute: { search(fn: (search: Search) => void): AsyncIterable<unknown> };
  webhookNotification: {
    parse(
      signature: string,
      payload: string,
    ): Promise<{ kind: string; timestamp?: string; dispute?: SdkDispute; transaction?: SdkTransaction }>;
    verify(challenge: string): string;
  };
}

/** Credit statuses that moved, or will move, money back. */
const CREDITED = new Set(['submitted_for_settlement', 'settling', 'settlement_pending', 'settled']);

/** A notification's payload is base64 of a few kB of XML; anything far larger is not one. */
export const MAX_NOTIFICATION_FIELD = 64 * 1024;

/** The dispute status each dispute notification kind reports. */
const STATUS_OF_KIND: Record<string, DisputeStatus> = {
  dispute_opened: 'open',
  dispute_disputed: 'disputed',
  dispute_under_review: 'under_review',
  dispute_won: 'won',
  dispute_lost: 'lost',
  dispute_accepted: 'accepted',
  dispute_auto_accepted: 'auto_accepted',
  dispute_expired: 'expired',
};

const cents = (amount: string | null | undefined) => (amount ? (parseCents(amount.trim()) ?? 0) : 0);

function creditReport(t: SdkTransaction): CreditReport {
  return {
    id: t.id,
    orderId: t.orderId ?? '',
    refundedTransactionId: t.refundedTransactionId ?? null,
    amountCents: cents(t.amount),
    succeeded: CREDITED.has(t.status),
  };
}

/** The report of a dispute; null when it names no transaction or its status is not one we know. */
function disputeReport(d: SdkDispute, kind?: string): DisputeReport | null {
  const status = (kind && STATUS_OF_KIND[kind]) || d.status;
  const transactionId = d.transaction?.id ?? d.transactionDetails?.id;
  if (!transactionId || !status || !DISPUTE_STATUSES.includes(status as DisputeStatus)) return null;
  return {
    id: d.id,
    transactionId,
    status: status as DisputeStatus,
    amountCents: cents(d.amountDisputed ?? d.amount),
    kind: d.kind ?? '',
    reason: d.reason ?? '',
  };
}

/** The money-back calls of BraintreeProcessor, on its SDK gateway and deadline. */
export class BraintreeMoneyBack {
  private readonly gateway: MoneyBackGateway;

  constructor(
    gateway: braintree.BraintreeGateway,
    private readonly deadline: <T>(call: Promise<T>) => Promise<T>,
    private readonly log: Logger,
  ) {
    this.gateway = gateway as unknown as MoneyBackGateway;
  }

  voidSale(saleId: string): Promise<ReversalResult> {
    return this.reverse('void', saleId, () => this.gateway.transaction.void(saleId));
  }

  refund(r: RefundRequest): Promise<ReversalResult> {
    return this.reverse('refund', r.orderId, () =>
      this.gateway.transaction.refund(r.saleId, { amount: formatCents(r.amountCents), orderId: r.orderId }),
    );
  }

  async findTransaction(id: string): Promise<TransactionLookup> {
    try {
      const t = await this.deadline(this.gateway.transaction.find(id));
      return { kind: 'found', status: t.status };
    } catch (err) {
      if ((err as { type?: string }).type === 'notFoundError') return { kind: 'not_found' };
      this.log.warn({ err, transactionId: id }, 'processor find failed');
      return { kind: 'unknown', reason: rejectionOf(err).reason };
    }
  }

  async findRefund(orderId: string): Promise<RefundLookup> {
    let found: SdkTransaction[];
    try {
      found = await this.deadline(
        collect<SdkTransaction>(this.gateway.transaction.search((s) => s.orderId!().is(orderId))),
      );
    } catch (err) {
      this.log.warn({ err, orderId }, 'processor search failed');
      return { kind: 'unknown', reason: rejectionOf(err).reason };
    }
    const credit = found.find((t) => t.type === 'credit');
    return credit ? { kind: 'found', credit: creditReport(credit) } : { kind: 'not_found' };
  }

  async recentCredits(since: Date): Promise<CreditReport[]> {
    const found = await this.search('credits', () =>
      collect<SdkTransaction>(
        this.gateway.transaction.search((s) => {
          s.type!().is('credit');
          s.createdAt!().min(since);
        }),
      ),
    );
    return found.map(creditReport);
  }

  async recentDisputes(since: Date): Promise<DisputeReport[]> {
    const found = await this.search('disputes', () =>
      collect<SdkDispute>(this.gateway.dispute.search((s) => s.effectiveDate!().min(since.toISOString().slice(0, 10)))),
    );
    return found.flatMap((d) => disputeReport(d) ?? []);
  }

  async parseNotification(signature: string, payload: string): Promise<ProcessorNotification> {
    if (signature.length > MAX_NOTIFICATION_FIELD || payload.length > MAX_NOTIFICATION_FIELD) {
      throw new InvalidNotificationError('the notification is larger than any the processor sends');
    }
    let n: Awaited<ReturnType<MoneyBackGateway['webhookNotification']['parse']>>;
    try {
      n = await this.gateway.webhookNotification.parse(signature, payload);
    } catch (err) {
      // A signature that does not verify, or a payload that is not the processor's XML.
      throw new InvalidNotificationError(`the notification does not verify: ${(err as Error).message}`, { cause: err });
    }
    const dispute = n.dispute ? (disputeReport(n.dispute, n.kind) ?? undefined) : undefined;
    const timestamp = n.timestamp ? new Date(n.timestamp) : null;
    return {
      kind: String(n.kind),
      timestamp: timestamp && !Number.isNaN(timestamp.getTime()) ? timestamp : null,
      subjectId: n.dispute?.id ?? n.transaction?.id ?? '',
      dispute,
    };
  }

  verifyChallenge(challenge: string): string {
    try {
      return this.gateway.webhookNotification.verify(challenge);
    } catch (err) {
      throw new InvalidNotificationError('bt_challenge must be 20 to 32 lower-case hex digits', { cause: err });
    }
  }

  /** A void or refund: done, refused with the processor's code, or a rejection read as error/unknown. */
  private async reverse(
    what: 'void' | 'refund',
    ref: string,
    call: () => Promise<braintree.ValidatedResponse<braintree.Transaction>>,
  ): Promise<ReversalResult> {
    let result: braintree.ValidatedResponse<braintree.Transaction>;
    try {
      result = await this.deadline(call());
    } catch (err) {
      this.log.warn({ err, ref }, `processor ${what} failed without an answer`);
      return rejectionOf(err);
    }
    const t = result.transaction as braintree.Transaction | undefined;
    if (result.success && t) {
      return {
        kind: 'reversed',
        transactionId: t.id,
        responseCode: t.processorResponseCode ?? null,
        responseText: t.processorResponseText ?? null,
      };
    }
    const [first] = declineErrors(result);
    return { kind: 'refused', code: first?.code ?? 'UNKNOWN', message: first?.message ?? result.message ?? '' };
  }

  private async search<T>(what: string, run: () => Promise<T[]>): Promise<T[]> {
    try {
      return await this.deadline(run());
    } catch (err) {
      throw new ProcessorUnavailableError(`the processor's search of ${what} failed`, { cause: err });
    }
  }
}
