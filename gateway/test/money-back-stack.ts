// The stack the tests of money going back (issue 35) share: real auth, avatar, payment and gateway
// processes on a test database of their own; the development processor in this process, spoken to by
// the real braintree SDK inside the payment service, whose POST /dev/notifications signs disputes and
// posts them to the gateway's public webhook route, as Braintree would; a logged-in user's calls.
import { createLogger } from '@gatehouse/logger';
import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type Stack, type StackOptions, startStack } from '@gatehouse/test-kit/stack';
import type { Pool } from 'pg';
import { createPool } from '../../services/payment/src/db';
import {
  type DevProcessor,
  type DevProcessorOptions,
  startDevProcessor,
} from '../../services/payment/src/processor/dev';
import { testPayments } from '../../services/payment/test/helpers';

export const WEBHOOK = '/payment/webhooks/braintree';

export interface LoadJson {
  id: number;
  processor_transaction_id: string;
  reversible: string;
  reversals: { method: string; status: string; amount: string }[];
}

export interface CardJson {
  balance: string;
  held: string;
  frozen: boolean;
  shortfall: string;
  disputes: { status: string; held: string; load_id: number | null }[];
}

/**
 * Starts the stack before the file's tests and stops it after; what they use is on the answer. `extra`:
 * more environment for every process and for one; `authDatabase`: auth on the same database too (its
 * directory, TOTP and the trail's reader, as admin users need).
 */
export function useMoneyBackStack(
  extra: Pick<StackOptions, 'serviceEnv' | 'metrics'> & { env?: Record<string, string>; authDatabase?: boolean } = {},
) {
  const parts = {} as { stack: Stack; db: TestDatabase; fake: DevProcessor; ledger: Pool };
  // The dev processor reads its webhook URL per request: set once the stack has its gateway port.
  const devOptions: DevProcessorOptions = { recordRequests: false };

  beforeAll(async () => {
    parts.db = await createTestDatabase();
    parts.fake = await startDevProcessor(devOptions);
    parts.stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      env: (ports) => {
        devOptions.webhookUrl = `http://127.0.0.1:${ports.gateway}${WEBHOOK}`;
        return { DATABASE_URL: parts.db.url, ...processorEnv(parts.fake, '2s'), ...extra.env };
      },
      serviceEnv: extra.serviceEnv,
      metrics: extra.metrics,
      authDatabaseUrl: extra.authDatabase ? parts.db.url : undefined,
    });
    parts.ledger = createPool(parts.db.url, { max: 2 });
  }, 60_000);

  afterAll(async () => {
    await parts.ledger?.end();
    await parts.stack?.stop();
    await parts.fake?.close();
    await parts.db?.drop();
  });

  afterEach(() => expect(parts.fake.violations).toEqual([]));

  /** A logged-in browser sending JSON with the XSRF header, as the page's script does. */
  async function user(name: string) {
    const browser = new Browser(parts.stack.url);
    await browser.devLogin(name);
    const send = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
      const res = await browser.request(method, path, {
        headers: { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf(), ...headers },
        body,
      });
      return {
        status: res.status,
        body: res.text.startsWith('{') ? res.json() : res.text,
        replayed: res.headers.get('idempotent-replayed'),
        allow: res.headers.get('allow'),
      };
    };
    const listLoads = async (cardId: number) =>
      ((await send('GET', `/cards/${cardId}/loads/`)).body as { loads: LoadJson[] }).loads;
    /** A card with these loads (oldest first), each with its sale id at the processor. */
    const cardWith = async (...amounts: string[]) => {
      const created = await send('POST', '/cards/', JSON.stringify({ name: 'Card' }));
      expect(created.status).toBe(201);
      const cardId = (created.body as { id: number }).id;
      for (const amount of amounts) {
        const body = JSON.stringify({ nonce: 'fake-valid-nonce', amount });
        expect((await send('POST', `/cards/${cardId}/load/`, body)).status).toBe(200);
      }
      const loads = (await listLoads(cardId)).reverse();
      return { cardId, loads: loads.map((l) => ({ id: l.id, sale: l.processor_transaction_id })) };
    };
    const reverse = (cardId: number, loadId: number, body: object = {}, key?: string) =>
      send(
        'POST',
        `/cards/${cardId}/loads/${loadId}/reverse`,
        JSON.stringify(body),
        key ? { 'idempotency-key': key } : {},
      );
    const card = async (cardId: number) => (await send('GET', `/cards/${cardId}`)).body as CardJson;
    return { browser, send, cardWith, listLoads, reverse, card };
  }

  /** What the development processor signs and posts to the gateway: its answer and the signed form. */
  async function notify(kind: string, transactionId: string, options: { amount?: string; deliver?: boolean } = {}) {
    const res = await fetch(`${parts.fake.url}/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, transaction_id: transactionId, ...options }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { bt_signature: string; bt_payload: string; status: number | null };
  }

  /** A form posted to the gateway's webhook route. */
  async function postForm(form: Record<string, string> | string, headers: Record<string, string> = {}) {
    const res = await fetch(`${parts.stack.url}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    });
    const text = await res.text();
    return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  }

  /** A signed notification posted again, as Braintree retries one. */
  const resend = (signed: { bt_signature: string; bt_payload: string }) =>
    postForm({ bt_signature: signed.bt_signature, bt_payload: signed.bt_payload });

  /** Payments on the same ledger and processor, as the service's reconciliation runs; `clock` moves time on. */
  const payments = (clock?: () => Date) =>
    testPayments(parts.ledger, parts.fake, createLogger({ name: 'money-back', level: 'silent' }), { clock });

  return {
    get stack() {
      return parts.stack;
    },
    get fake() {
      return parts.fake;
    },
    /** The ledger's database, to hold answers against (read only). */
    get ledger() {
      return parts.ledger;
    },
    user,
    notify,
    postForm,
    resend,
    payments,
  };
}
