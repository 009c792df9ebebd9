// What the development processor remembers: the sales it decided (so search finds them again), the
// faults a test queued, and the requests it saw. The HTTP routes (./routes.ts) and the in-process
// client (./in-process.ts) both work on this one state.
import type http from 'node:http';
import { randomHex } from '@gatehouse/logger';
import { APPROVED, decideSale } from './sandbox';
import type { GatewayTransaction, ValidationError } from './wire';

/**
 * A fault for the next sale (tests): `server-error`, `hang` and `reset` happen before anything is
 * charged; `charge-then-server-error` charges and then loses the answer (an outcome to reconcile);
 * `charge-slowly` charges at once and answers after `slowMs`.
 */
export type Fault = 'server-error' | 'hang' | 'reset' | 'charge-then-server-error' | 'charge-slowly';

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
  /** Faults applied, one each, to the next search requests (tests). */
  searchFaults: 'server-error'[];
  /** Every sale it decided, by id, as search finds them. */
  transactions: Map<string, GatewayTransaction>;
  /** Sales it approved (id → amount), to reconcile a ledger against. */
  approved: Map<string, string>;
  clientToken: string;
}

/** Sales kept for search; the oldest are forgotten beyond this, so a long dev session stays bounded. */
const MAX_KEPT = 50_000;

/** Shaped like a real client token (base64 JSON, version 2); no client SDK can use it. */
const TOKEN_JSON = { version: 2, authorizationFingerprint: 'dev-processor', configUrl: 'http://127.0.0.1/config' };

export function newState(keys: { merchantId: string; publicKey: string; privateKey: string }): DevState {
  return {
    ...keys,
    requests: [],
    violations: [],
    faults: [],
    slowMs: 1000,
    searchFaults: [],
    transactions: new Map(),
    approved: new Map(),
    clientToken: Buffer.from(JSON.stringify(TOKEN_JSON)).toString('base64'),
  };
}

function keep(state: DevState, t: GatewayTransaction): void {
  state.transactions.set(t.id, t);
  if (APPROVED.has(t.status)) state.approved.set(t.id, t.amount);
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
    orderId,
    amount,
    createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    ...outcome,
  };
  keep(state, transaction);
  return { kind: 'kept', transaction, approved: APPROVED.has(transaction.status) };
}

/** The kept sales with this order id (what `transaction.search(s => s.orderId().is(id))` finds). */
export function withOrderId(state: DevState, orderId: string): GatewayTransaction[] {
  return [...state.transactions.values()].filter((t) => t.orderId === orderId);
}
