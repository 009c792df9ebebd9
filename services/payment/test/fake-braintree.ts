import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Braintree gateway on loopback that speaks the wire protocol the real `braintree` SDK uses
 * (reference §2.2–2.4): JSON requests with Basic auth and `X-ApiVersion: 6`, XML answers whose root
 * element decides success. Outcomes follow the sandbox's test amounts: up to 1999.99 approved,
 * 2000.00–2999.99 declined with the integer part as the code, 3000.xx failed, 5001.00 gateway-rejected.
 * `fake-consumed-nonce` is a validation error (91564); `fake-processor-declined-visa-nonce` declines
 * (2000). Sales it decided can be found again by order id (`transaction.search`, as reconciliation
 * uses it). Every request the SDK sends is checked; what does not match the protocol is answered 400
 * and listed in `violations`.
 */

export interface FakeBraintreeOptions {
  merchantId?: string;
  publicKey?: string;
  privateKey?: string;
}

/**
 * A fault to inject into the next sale: `server-error`, `hang` and `reset` happen before anything is
 * charged; `charge-then-server-error` charges and then loses the answer (an outcome to reconcile).
 */
export type Fault = 'server-error' | 'hang' | 'reset' | 'charge-then-server-error' | 'charge-slowly';

/** Statuses of a sale that moved (or will move) money. */
export const APPROVED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

export interface StoredTransaction {
  id: string;
  orderId: string;
  amount: string;
  status: string;
  responseCode: string | null;
  responseText: string | null;
  rejection: string | null;
  createdAt: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeBraintree {
  url: string;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  requests: RecordedRequest[];
  /** Protocol problems seen in what the SDK sent; a test expects this to stay empty. */
  violations: string[];
  /** Faults applied, one each, to the next sales. */
  faults: Fault[];
  /** How long a `charge-slowly` sale takes to answer. */
  slowMs: number;
  /** Faults applied, one each, to the next search requests. */
  searchFaults: 'server-error'[];
  /** Every sale it decided, by id, as search finds them. */
  transactions: Map<string, StoredTransaction>;
  /** Transactions it approved (id → amount), to reconcile the ledger against. */
  approved: Map<string, string>;
  clientToken: string;
  close(): Promise<void>;
  /** An outage: the port stops listening (connections are refused) until acceptConnections. */
  refuseConnections(): Promise<void>;
  acceptConnections(): Promise<void>;
}

const DECLINE_TEXT: Record<string, string> = {
  '2000': 'Do Not Honor',
  '2001': 'Insufficient Funds',
  '2002': 'Limit Exceeded',
  '2003': "Cardholder's Activity Limit Exceeded",
  '2004': 'Expired Card',
  '2005': 'Invalid Credit Card Number',
  '3000': 'Processor Network Unavailable - Try Again',
};

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TOKEN_JSON = { version: 2, authorizationFingerprint: 'fake-fingerprint', configUrl: 'http://127.0.0.1/config' };

export async function startFakeBraintree(options: FakeBraintreeOptions = {}): Promise<FakeBraintree> {
  const merchantId = options.merchantId ?? 'fake_merchant';
  const publicKey = options.publicKey ?? 'fake_public';
  const privateKey = options.privateKey ?? 'fake_private';
  const expectedAuth = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const clientToken = Buffer.from(JSON.stringify(TOKEN_JSON)).toString('base64');
  let sequence = 0;

  const fake: Omit<FakeBraintree, 'url' | 'close' | 'refuseConnections' | 'acceptConnections'> = {
    merchantId,
    publicKey,
    privateKey,
    requests: [],
    violations: [],
    faults: [],
    slowMs: 1000,
    searchFaults: [],
    transactions: new Map(),
    approved: new Map(),
    clientToken,
  };

  const xml = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'application/xml; charset=utf-8' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };

  const serverError = (res: http.ServerResponse) => {
    res.writeHead(500, { 'Content-Type': 'application/xml' });
    res.end();
  };

  const reject = (res: http.ServerResponse, problem: string) => {
    fake.violations.push(problem);
    res.writeHead(400, { 'Content-Type': 'text/plain' });
    res.end(problem);
  };

  /** A transaction as the gateway renders it, in a sale's answer and in search results. */
  const transactionXml = (t: StoredTransaction) => {
    const response =
      t.responseCode === null
        ? '<processor-response-code nil="true"/>'
        : `<processor-response-code>${t.responseCode}</processor-response-code><processor-response-text>${escapeXml(t.responseText ?? '')}</processor-response-text><processor-response-type>${t.responseCode === '1000' ? 'approved' : 'soft_declined'}</processor-response-type>`;
    const rejection = t.rejection
      ? `<gateway-rejection-reason>${t.rejection}</gateway-rejection-reason>`
      : '<gateway-rejection-reason nil="true"/>';
    return `<transaction><id>${t.id}</id><status>${t.status}</status><type>sale</type><amount>${t.amount}</amount><currency-iso-code>USD</currency-iso-code><order-id>${escapeXml(t.orderId)}</order-id><created-at type="datetime">${t.createdAt}</created-at>${response}${rejection}<processor-settlement-response-code></processor-settlement-response-code></transaction>`;
  };

  /** Decides a sale the way the sandbox does, from its amount (and the declined test nonce). */
  const decide = (id: string, t: Record<string, unknown>): StoredTransaction => {
    const amount = String(t.amount);
    const base = {
      id,
      amount,
      orderId: String(t.order_id ?? ''),
      createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      rejection: null,
    };
    const whole = Math.trunc(Number(amount));
    const declinedNonce = t.payment_method_nonce === 'fake-processor-declined-visa-nonce';
    if (declinedNonce || (whole >= 2000 && whole <= 3000)) {
      const code = declinedNonce ? '2000' : String(whole);
      const status = code === '3000' ? 'failed' : 'processor_declined';
      return { ...base, status, responseCode: code, responseText: DECLINE_TEXT[code] ?? 'Processor Declined' };
    }
    if (amount === '5001.00') {
      return {
        ...base,
        status: 'gateway_rejected',
        responseCode: null,
        responseText: null,
        rejection: 'application_incomplete',
      };
    }
    return { ...base, status: 'submitted_for_settlement', responseCode: '1000', responseText: 'Approved' };
  };

  const sale = (res: http.ServerResponse, body: unknown) => {
    const t = (body as { transaction?: Record<string, unknown> }).transaction;
    if (!t) return reject(res, 'transaction body without "transaction"');
    if (t.type !== 'sale') return reject(res, `transaction type ${String(t.type)}, expected sale`);
    if (typeof t.amount !== 'string' || !/^\d+\.\d{2}$/.test(t.amount)) {
      return reject(res, `amount ${JSON.stringify(t.amount)} is not a two-decimal string`);
    }
    const opts = t.options as Record<string, unknown> | undefined;
    if (opts?.submit_for_settlement !== true) return reject(res, 'sale not submitted for settlement');
    if (typeof t.payment_method_nonce !== 'string') return reject(res, 'no payment_method_nonce');

    const fault = fake.faults.shift();
    if (fault === 'server-error') return serverError(res);
    if (fault === 'hang') return; // never answers; close() destroys the socket
    if (fault === 'reset') return res.socket?.destroy();

    if (t.payment_method_nonce === 'fake-consumed-nonce') {
      const message = 'Cannot use a payment_method_nonce more than once.';
      return xml(
        res,
        422,
        `<api-error-response><errors><errors type="array"/><transaction><errors type="array"><error><code>91564</code><attribute type="symbol">payment_method_nonce</attribute><message>${message}</message></error></errors></transaction></errors><params><transaction><amount>${t.amount}</amount><type>sale</type></transaction></params><message>${message}</message></api-error-response>`,
      );
    }
    const stored = decide(`fake${++sequence}`, t);
    fake.transactions.set(stored.id, stored);
    if (APPROVED.has(stored.status)) fake.approved.set(stored.id, stored.amount);
    // The charge happened, but its answer is lost on the way back.
    if (fault === 'charge-then-server-error') return serverError(res);
    // The charge happens at once; its answer takes `slowMs` (a slow processor, for shutdown and outages).
    if (fault === 'charge-slowly' && APPROVED.has(stored.status)) {
      setTimeout(() => xml(res, 201, transactionXml(stored)), fake.slowMs);
      return;
    }
    if (APPROVED.has(stored.status)) return xml(res, 201, transactionXml(stored));
    const message = stored.rejection ? `Gateway Rejected: ${stored.rejection}` : (stored.responseText ?? '');
    return xml(
      res,
      422,
      `<api-error-response><errors><errors type="array"/></errors><params><transaction><amount>${stored.amount}</amount><type>sale</type></transaction></params><message>${escapeXml(message)}</message>${transactionXml(stored)}</api-error-response>`,
    );
  };

  /** What a search by order id finds: the SDK's `transaction.search(s => s.orderId().is(...))`. */
  const matching = (body: unknown, res: http.ServerResponse): StoredTransaction[] | undefined => {
    const search = (body as { search?: { order_id?: { is?: unknown } } } | null)?.search;
    if (typeof search?.order_id?.is !== 'string') {
      reject(res, `search without order_id.is: ${JSON.stringify(body)}`);
      return undefined;
    }
    if (fake.searchFaults.shift() === 'server-error') {
      serverError(res);
      return undefined;
    }
    const orderId = search.order_id.is;
    return [...fake.transactions.values()].filter((t) => t.orderId === orderId);
  };

  const searchIds = (res: http.ServerResponse, body: unknown) => {
    const found = matching(body, res);
    if (!found) return;
    const items = found.map((t) => `<item>${t.id}</item>`).join('');
    return xml(
      res,
      200,
      `<search-results><page-size type="integer">50</page-size><ids type="array">${items}</ids></search-results>`,
    );
  };

  const searchPage = (res: http.ServerResponse, body: unknown) => {
    const found = matching(body, res);
    if (!found) return;
    const ids = (body as { search: { ids?: unknown } }).search.ids;
    if (!Array.isArray(ids)) return reject(res, 'advanced_search without ids');
    const page = found.filter((t) => ids.includes(t.id));
    return xml(
      res,
      200,
      `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size><total-items type="integer">${page.length}</total-items>${page.map(transactionXml).join('')}</credit-card-transactions>`,
    );
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: unknown = null;
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        body = raw === '' ? null : JSON.parse(raw);
      } catch {
        return reject(res, `body is not JSON: ${raw.slice(0, 80)}`);
      }
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.headers.authorization !== expectedAuth) {
        res.writeHead(401);
        return res.end();
      }
      if (req.headers['x-apiversion'] !== '6') return reject(res, `X-ApiVersion ${req.headers['x-apiversion']}`);
      if (!String(req.headers.accept).includes('application/xml')) return reject(res, `Accept ${req.headers.accept}`);
      if (!String(req.headers['content-type']).includes('application/json')) {
        return reject(res, `Content-Type ${req.headers['content-type']}`);
      }
      if (req.method !== 'POST') return reject(res, `${req.method} ${path}`);
      if (path === `/merchants/${merchantId}/client_token`) {
        const ct = (body as { client_token?: { version?: number } } | null)?.client_token;
        if (ct?.version !== 2) return reject(res, 'client_token request without version 2');
        return xml(res, 201, `<client-token><value>${clientToken}</value></client-token>`);
      }
      if (path === `/merchants/${merchantId}/transactions`) return sale(res, body);
      if (path === `/merchants/${merchantId}/transactions/advanced_search_ids`) return searchIds(res, body);
      if (path === `/merchants/${merchantId}/transactions/advanced_search`) return searchPage(res, body);
      res.writeHead(404);
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  // The very object the handlers read, so a test's changes (faults, slowMs) reach them.
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: stopListening,
    refuseConnections: stopListening,
    acceptConnections: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  });
}
