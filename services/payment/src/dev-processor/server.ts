import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomHex } from '@gatehouse/logger';
import { APPROVED, decideSale } from './sandbox';
import {
  clientTokenXml,
  declinedXml,
  document,
  type GatewayTransaction,
  searchIdsXml,
  searchPageXml,
  transactionXml,
  type ValidationError,
  validationXml,
  XML_CONTENT_TYPE,
} from './wire';

/**
 * The development processor: a Braintree gateway on 127.0.0.1 that speaks the wire protocol of the
 * real `braintree` SDK (JSON requests with Basic auth and `X-ApiVersion: 6`, XML answers), issues
 * client tokens, decides sales by the sandbox's test nonces and amounts (./sandbox.ts) and finds them
 * again by order id, as reconciliation searches. It moves no money. The payment service runs it with
 * PAYMENT_DEV_PROCESSOR; tests run it to stand in for Braintree, with faults injected.
 *
 * Every request is checked against the protocol; what does not match is answered 400 and listed in
 * `violations`, so a test sees the SDK (or our use of it) drift.
 */

export interface DevProcessorOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  merchantId?: string;
  publicKey?: string;
  privateKey?: string;
  /** Keep every request in `requests` (tests read them); off by default, since it grows without end. */
  recordRequests?: boolean;
}

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

export interface DevProcessor {
  /** `http://127.0.0.1:<port>`, for PROCESSOR_GATEWAY_URL. */
  url: string;
  port: number;
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
  /**
   * Decides a sale and keeps it, as a sale request does once its body is valid (faults are the
   * caller's): the HTTP handler and the in-process client (./in-process.ts) both sell through here.
   */
  sell(nonce: string, amount: string, orderId: string): DevSale;
  close(): Promise<void>;
  /** An outage (tests): the port stops listening (connections are refused) until acceptConnections. */
  refuseConnections(): Promise<void>;
  acceptConnections(): Promise<void>;
}

/** A sale refused before it existed, or decided and kept. */
export type DevSale =
  | { kind: 'invalid'; errors: ValidationError[] }
  | { kind: 'kept'; transaction: GatewayTransaction; approved: boolean };

/** Sales kept for search; the oldest are forgotten beyond this, so a long dev session stays bounded. */
const MAX_KEPT = 50_000;

/** Shaped like a real client token (base64 JSON, version 2); no client SDK can use it. */
const TOKEN_JSON = { version: 2, authorizationFingerprint: 'dev-processor', configUrl: 'http://127.0.0.1/config' };

type Reply = (status: number, body: string) => void;

/** The largest request body read (Braintree's own requests are a few kB). */
const MAX_BODY = 1024 * 1024;

export async function startDevProcessor(options: DevProcessorOptions = {}): Promise<DevProcessor> {
  const merchantId = options.merchantId ?? 'dev_merchant';
  const publicKey = options.publicKey ?? 'dev_public';
  const privateKey = options.privateKey ?? 'dev_private';
  const expectedAuth = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const state = {
    merchantId,
    publicKey,
    privateKey,
    requests: [] as RecordedRequest[],
    violations: [] as string[],
    faults: [] as Fault[],
    slowMs: 1000,
    searchFaults: [] as 'server-error'[],
    transactions: new Map<string, GatewayTransaction>(),
    approved: new Map<string, string>(),
    clientToken: Buffer.from(JSON.stringify(TOKEN_JSON)).toString('base64'),
  };

  const keep = (t: GatewayTransaction) => {
    state.transactions.set(t.id, t);
    if (APPROVED.has(t.status)) state.approved.set(t.id, t.amount);
    for (const map of [state.transactions, state.approved] as Map<string, unknown>[]) {
      if (map.size > MAX_KEPT) map.delete(map.keys().next().value as string);
    }
  };

  const sell = (nonce: string, amount: string, orderId: string): DevSale => {
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
    keep(transaction);
    return { kind: 'kept', transaction, approved: APPROVED.has(transaction.status) };
  };

  const sale = (res: http.ServerResponse, reply: Reply, body: unknown) => {
    const t = (body as { transaction?: Record<string, unknown> } | null)?.transaction;
    if (!t) return violation(res, 'transaction body without "transaction"');
    if (t.type !== 'sale') return violation(res, `transaction type ${String(t.type)}, expected sale`);
    if (typeof t.amount !== 'string' || !/^\d+\.\d{2}$/.test(t.amount)) {
      return violation(res, `amount ${JSON.stringify(t.amount)} is not a two-decimal string`);
    }
    const opts = t.options as Record<string, unknown> | undefined;
    if (opts?.submit_for_settlement !== true) return violation(res, 'sale not submitted for settlement');
    if (typeof t.payment_method_nonce !== 'string') return violation(res, 'no payment_method_nonce');

    const fault = state.faults.shift();
    if (fault === 'server-error') return serverError(res);
    if (fault === 'hang') return; // never answers; close() destroys the socket
    if (fault === 'reset') return res.socket?.destroy();

    const sold = sell(t.payment_method_nonce, t.amount, typeof t.order_id === 'string' ? t.order_id : '');
    if (sold.kind === 'invalid') return reply(422, validationXml(sold.errors, t.amount));
    const { transaction: stored, approved } = sold;
    // The charge happened, but its answer is lost on the way back.
    if (fault === 'charge-then-server-error') return serverError(res);
    // The charge happens at once; its answer takes `slowMs` (a slow processor, for shutdown and outages).
    if (fault === 'charge-slowly' && approved) {
      setTimeout(() => reply(201, transactionXml(stored)), state.slowMs);
      return;
    }
    return approved ? reply(201, transactionXml(stored)) : reply(422, declinedXml(stored));
  };

  /** What a search by order id finds: the SDK's `transaction.search(s => s.orderId().is(...))`. */
  const matching = (res: http.ServerResponse, body: unknown): GatewayTransaction[] | undefined => {
    const search = (body as { search?: { order_id?: { is?: unknown } } } | null)?.search;
    if (typeof search?.order_id?.is !== 'string') {
      violation(res, `search without order_id.is: ${JSON.stringify(body)}`);
      return undefined;
    }
    if (state.searchFaults.shift() === 'server-error') {
      serverError(res);
      return undefined;
    }
    const orderId = search.order_id.is;
    return [...state.transactions.values()].filter((t) => t.orderId === orderId);
  };

  const violation = (res: http.ServerResponse, problem: string) => {
    state.violations.push(problem);
    res.writeHead(400, { 'Content-Type': 'text/plain' });
    res.end(problem);
  };

  const route = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const path = req.url ?? '';
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      return violation(res, `body is not JSON: ${raw.slice(0, 80)}`);
    }
    if (options.recordRequests) state.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (req.headers['x-apiversion'] !== '6') return violation(res, `X-ApiVersion ${req.headers['x-apiversion']}`);
    if (!String(req.headers.accept).includes('application/xml')) return violation(res, `Accept ${req.headers.accept}`);
    if (!String(req.headers['content-type']).includes('application/json')) {
      return violation(res, `Content-Type ${req.headers['content-type']}`);
    }
    if (req.method !== 'POST') return violation(res, `${req.method} ${path}`);
    const reply: Reply = (status, xml) => {
      res.writeHead(status, { 'Content-Type': XML_CONTENT_TYPE });
      res.end(document(xml));
    };
    const merchant = `/merchants/${merchantId}`;
    if (path === `${merchant}/client_token`) {
      const ct = (body as { client_token?: { version?: number } } | null)?.client_token;
      if (ct?.version !== 2) return violation(res, 'client_token request without version 2');
      return reply(201, clientTokenXml(state.clientToken));
    }
    if (path === `${merchant}/transactions`) return sale(res, reply, body);
    if (path === `${merchant}/transactions/advanced_search_ids`) {
      const found = matching(res, body);
      return found && reply(200, searchIdsXml(found.map((t) => t.id)));
    }
    if (path === `${merchant}/transactions/advanced_search`) {
      const found = matching(res, body);
      if (!found) return;
      const ids = (body as { search: { ids?: unknown } }).search.ids;
      if (!Array.isArray(ids)) return violation(res, 'advanced_search without ids');
      return reply(200, searchPageXml(found.filter((t) => ids.includes(t.id))));
    }
    res.writeHead(404);
    res.end();
  };

  // Credentials first, then at most MAX_BODY bytes: a stranger's body is never read, and nobody's
  // body grows the process (a 200 MB post once took payment from 108 MB to 694 MB).
  const refuse = (res: http.ServerResponse, status: number) => {
    res.writeHead(status, { Connection: 'close' }).end();
  };
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== expectedAuth) {
      if (options.recordRequests) {
        state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: null });
      }
      return refuse(res, 401);
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) return refuse(res, 413);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        req.removeAllListeners('data').removeAllListeners('end');
        return refuse(res, 413);
      }
      chunks.push(c);
    });
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  // Loopback only, always: it approves anything that names a test nonce.
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  // The very object the handlers read, so a test's changes (faults, slowMs) reach them.
  return Object.assign(state, {
    sell,
    url: `http://127.0.0.1:${port}`,
    port,
    close: stopListening,
    refuseConnections: stopListening,
    acceptConnections: () => listen(port),
  });
}

function serverError(res: http.ServerResponse): void {
  res.writeHead(500, { 'Content-Type': 'application/xml' });
  res.end();
}
