// What the development processor remembers: the sales it decided (so search finds them again), the
// faults a test queued, and the requests it saw. The HTTP routes (./routes.ts) and the in-process
// client (./in-process.ts) both work on this one state.
import type http from 'node:http';
import { randomHex } from '@gatehouse/logger';
import { APPROVED, decideSale } from './sandbox';
import type { GatewayDispute, GatewayTransaction, ValidationError } from './wire';

/**
 * A fault for the next sale (tests): `server-error`, `hang` and `reset` happen before anything is
 * charged; `charge-then-server-error` charges and then loses the answer (an outcome to reconcile);
 * `charge-slowly` charges at once and answers after `slowMs`; `charge-held` charges at once and answers
 * when the test calls the release it finds in `held` (a load in flight for as long as a test needs,
 * without a clock).
 */
export type Fault = 'server-error' | 'hang' | 'reset' | 'charge-then-server-error' | 'charge-slowly' | 'charge-held';

/**
 * A fault for the next void or refund (tests): `server-error` and `hang` before anything happens;
 * `apply-then-server-error` voids or refunds and then loses the answer (an outcome to reconcile).
 */
export type ReversalFault = 'server-error' | 'hang' | 'apply-then-server-error';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A sale refused before it existed, or decided and kept. */
export type DevSale =
  | { kind: 'invalid'; errors: ValidationError[] }
  | { kind: 'kept'; transaction: GatewayTransaction; approved: boolean };

/** Evidence a dispute received (evidence.ts): text, or a document uploaded first. */
export interface DevEvidence {
  id: string;
  disputeId: string;
  /** Text evidence. */
  comments: string | null;
  /** File evidence: the uploaded document's id. */
  documentId: string | null;
  category: string | null;
  createdAt: string;
}

export interface DevDocument {
  id: string;
  kind: string;
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** The processor's memory; tests read and change it (faults, slowMs) through the DevProcessor. */
export interface DevState {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Every request, when `recordRequests` is on. */
  requests: RecordedRequest[];
  /** Protocol problems seen in what the SDK sent; a test expects this to stay empty. */
  violations: string[];
  /** Faults applied, one each, to the next sales (tests). */
  faults: Fault[];
  /** How long a `charge-slowly` sale takes to answer. */
  slowMs: number;
  /** The answers of `charge-held` sales, oldest first: calling one sends it. */
  held: (() => void)[];
  /** Faults applied, one each, to the next search requests (tests). */
  searchFaults: 'server-error'[];
  /** Every sale it decided, by id, as search finds them. */
  transactions: Map<string, GatewayTransaction>;
  /** Sales it approved (id → amount), to reconcile a ledger against. */
  approved: Map<string, string>;
  clientToken: string;
  /** Faults applied, one each, to the next voids and refunds (tests). */
  reversalFaults: ReversalFault[];
  /** A sale settles this long after it was made (settling from half of it); undefined: only when told to. */
  settleAfterMs: number | undefined;
  /** Disputes it opened (./disputes.ts), by id. */
  disputes: Map<string, GatewayDispute>;
  /** Evidence added to its disputes (./evidence.ts), oldest first: what Braintree would have received. */
  evidence: DevEvidence[];
  /** Documents uploaded for evidence, by id. */
  documents: Map<string, DevDocument>;
}

/** Sales kept for search; the oldest are forgotten beyond this, so a long dev session stays bounded. */
const MAX_KEPT = 50_000;

/** Shaped like a real client token (base64 JSON, version 2); no client SDK can use it. */
const TOKEN_JSON = { version: 2, authorizationFingerprint: 'dev-processor', configUrl: 'http://127.0.0.1/config' };

export function newState(
  keys: { merchantId: string; publicKey: string; privateKey: string },
  settleAfterMs?: number,
): DevState {
  return {
    ...keys,
    reversalFaults: [],
    settleAfterMs,
    disputes: new Map(),
    evidence: [],
    documents: new Map(),
    requests: [],
    violations: [],
    faults: [],
    slowMs: 1000,
    held: [],
    searchFaults: [],
    transactions: new Map(),
    approved: new Map(),
    clientToken: Buffer.from(JSON.stringify(TOKEN_JSON)).toString('base64'),
  };
}

export function keep(state: DevState, t: GatewayTransaction): void {
  state.transactions.set(t.id, t);
  if (t.type === 'sale' && APPROVED.has(t.status)) state.approved.set(t.id, t.amount);
  for (const map of [state.transactions, state.approved] as Map<string, unknown>[]) {
    if (map.size > MAX_KEPT) map.delete(map.keys().next().value as string);
  }
}

/**
 * Decides a sale and keeps it, as a sale request does once its body is valid (faults are the
 * caller's): the HTTP route and the in-process client both sell through here.
 */
export function sell(state: DevState, nonce: string, amount: string, orderId: string): DevSale {
  const decision = decideSale(nonce, amount);
  if (decision.kind === 'invalid') return decision;
  const { kind: _, ...outcome } = decision;
  const transaction: GatewayTransaction = {
    // From a pooled buffer: a randomBytes call per sale (a getrandom each) was 2.5 % of the payment
    // service's busy time under load (profiled).
    id: randomHex(5),
    type: 'sale',
    orderId,
    amount,
    ...stamp(),
    refundedTransactionId: null,
    refundIds: [],
    ...outcome,
  };
  keep(state, transaction);
  return { kind: 'kept', transaction, approved: APPROVED.has(transaction.status) };
}

export const stamp = (ms = Date.now()) => ({
  createdAt: new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z'),
  createdMs: ms,
});

/** The kept sales with this order id (what `transaction.search(s => s.orderId().is(id))` finds). */
export function withOrderId(state: DevState, orderId: string): GatewayTransaction[] {
  return [...state.transactions.values()].filter((t) => t.orderId === orderId).map((t) => advance(state, t));
}

/**
 * The transaction as it stands now: a sale or credit submitted for settlement is `settling` from half of
 * PAYMENT_DEV_SETTLE_AFTER and `settled` after it (never without the setting, until told to settle).
 */
export function advance(state: DevState, t: GatewayTransaction, now = Date.now()): GatewayTransaction {
  const after = state.settleAfterMs;
  if (after === undefined || (t.status !== 'submitted_for_settlement' && t.status !== 'settling')) return t;
  const age = now - t.createdMs;
  if (age >= after) t.status = 'settled';
  else if (age >= after / 2) t.status = 'settling';
  return t;
}

export function find(state: DevState, id: string): GatewayTransaction | undefined {
  const t = state.transactions.get(id);
  return t && advance(state, t);
}

/** Braintree's refusal of a void or refund, as a validation error of the transaction. */
export type Refusal = { kind: 'refused'; error: ValidationError };
const refusal = (code: string, message: string): Refusal => ({
  kind: 'refused',
  error: { scope: 'transaction', attribute: 'base', code, message },
});

/** Statuses in which a sale can still be voided (Braintree's rule). */
const VOIDABLE = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);
/** Statuses in which a sale can be refunded. */
const REFUNDABLE = new Set(['settled', 'settlement_confirmed']);

/** Voids a sale that has not settled: 91504 once it settles (or is settling). */
export function voidSale(state: DevState, id: string): { kind: 'done'; transaction: GatewayTransaction } | Refusal {
  const t = find(state, id);
  if (!t || !VOIDABLE.has(t.status)) {
    return refusal(
      '91504',
      'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
    );
  }
  t.status = 'voided';
  return { kind: 'done', transaction: t };
}

/**
 * Refunds (part of) a settled sale with a credit of its own: 91506 before settlement, 91574 while it
 * settles, 91521 past what is left of it, 91512 when nothing is left.
 */
export function refund(
  state: DevState,
  id: string,
  amount: string | undefined,
  orderId: string,
): { kind: 'done'; transaction: GatewayTransaction } | Refusal {
  const sale = find(state, id);
  if (!sale) return refusal('91506', 'Cannot refund transaction unless it is settled.');
  if (sale.type === 'credit') return refusal('91505', 'Cannot refund credit');
  if (sale.status === 'settling') {
    return refusal('91574', 'Cannot refund a transaction with a settlement status of settling.');
  }
  if (!REFUNDABLE.has(sale.status)) return refusal('91506', 'Cannot refund transaction unless it is settled.');
  const cents = (a: string) => Math.round(Number(a) * 100);
  const refunded = sale.refundIds
    .map((rid) => state.transactions.get(rid))
    .reduce((sum, c) => sum + (c ? cents(c.amount) : 0), 0);
  const left = cents(sale.amount) - refunded;
  if (left <= 0) return refusal('91512', 'Transaction has already been fully refunded.');
  const wanted = amount === undefined ? left : cents(amount);
  if (wanted > left) return refusal('91521', 'Refund amount is too large.');
  const credit: GatewayTransaction = {
    id: randomHex(5),
    type: 'credit',
    orderId,
    amount: (wanted / 100).toFixed(2),
    ...stamp(),
    status: 'submitted_for_settlement',
    responseCode: '1002',
    responseText: 'Processed',
    rejection: null,
    card: sale.card,
    refundedTransactionId: sale.id,
    refundIds: [],
  };
  keep(state, credit);
  sale.refundIds.push(credit.id);
  return { kind: 'done', transaction: credit };
}

/** The sandbox's settlement calls (`gateway.testing.settle`, `settlementPending`, `settlementConfirm`). */
export function simulateSettlement(
  state: DevState,
  id: string,
  to: 'settled' | 'settlement_pending' | 'settlement_confirmed',
): { kind: 'done'; transaction: GatewayTransaction } | Refusal | undefined {
  const t = find(state, id);
  if (!t) return undefined;
  const from =
    to === 'settlement_confirmed'
      ? ['settlement_pending', 'submitted_for_settlement']
      : ['submitted_for_settlement', 'settling', 'settlement_pending'];
  if (!from.includes(t.status)) return refusal('91575', 'Cannot simulate transaction settlement.');
  t.status = to;
  return { kind: 'done', transaction: t };
}
