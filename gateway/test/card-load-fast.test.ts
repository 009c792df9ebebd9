// The gateway answers the usual card load before Koa (gateway/src/lanes/card-load.ts) and every
// other one through Koa's route. Both must give the same answer: here each case is sent both ways on a
// real stack, once as `application/json` (taken before Koa, the token being cached) and once as a
// `+json` type (which only Koa's route accepts), and the two answers are compared whole; also when the
// ledger cannot take a load (503, nothing charged).
import net from 'node:net';
import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { Client } from 'pg';
import { type DevProcessorStack, startDevProcessorStack } from './dev-processor-stack';

let running: DevProcessorStack;
let stack: Stack;

beforeAll(async () => {
  running = await startDevProcessorStack({ LOG_LEVEL: 'info' });
  stack = running.stack;
}, 60_000);

afterAll(() => running?.stop());

const FAST = 'application/json';
const KOA = 'application/vnd.gatehouse+json';
/** Headers that differ between any two answers (dates, connection handling, the trace of each request). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length']);

async function loggedIn(name: string) {
  const browser = new Browser(stack.url);
  await browser.devLogin(name);
  const xsrf = await browser.xsrf();
  const created = await browser.request('POST', '/cards/', {
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify({ name: 'card' }),
  });
  const cardId = (created.json() as { id: number }).id;
  const cookie = await browser.jar.getCookieString(stack.url);
  const send = async (type: string, path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await browser.request('POST', path, {
      headers: { 'content-type': type, 'x-xsrf-token': xsrf, ...headers },
      body,
    });
    const kept = [...res.headers].filter(([name]) => !PER_ANSWER.has(name)).sort();
    return { status: res.status, text: res.text, headers: kept, requestId: res.headers.get('x-request-id') };
  };
  return { cardId, send, cookie, xsrf };
}

const body = (amount: unknown, nonce: unknown = 'fake-valid-nonce') => JSON.stringify({ nonce, amount });

test('a card load gets the same answer before Koa as through it, refusals included', async () => {
  const { cardId, send } = await loggedIn('fast-path-user');
  const other = await loggedIn('fast-path-other');
  const path = `/cards/${cardId}/load/`;
  const cases: { name: string; path?: string; body: string; headers?: (type: string) => Record<string, string> }[] = [
    { name: 'succeeded', body: body('1.00') },
    { name: 'declined by the processor', body: body('1.00', 'fake-processor-declined-visa-nonce') },
    { name: 'invalid nonce', body: body('1.00', 'fake-luhn-invalid-nonce') },
    { name: 'broken JSON', body: '{"nonce": "fake-valid-nonce", "amount": ' },
    { name: 'not an object', body: '[1, 2]' },
    { name: 'empty body', body: '' },
    { name: 'escaped NUL', body: body('1.00', 'fake\u0000nonce') },
    { name: 'three decimals', body: body('1.001') },
    { name: 'a number, not a string', body: body(1) },
    { name: 'no nonce', body: JSON.stringify({ amount: '1.00' }) },
    { name: "another user's card", path: `/cards/${other.cardId}/load/`, body: body('1.00') },
    { name: 'no such card', path: '/cards/999999999/load/', body: body('1.00') },
    { name: 'first use of a key', body: body('2.00'), headers: (type) => ({ 'idempotency-key': `k-${type}` }) },
    { name: 'replayed key', body: body('2.00'), headers: (type) => ({ 'idempotency-key': `k-${type}` }) },
    { name: 'key reused', body: body('3.00'), headers: (type) => ({ 'idempotency-key': `k-${type}` }) },
  ];
  for (const c of cases) {
    const fast = await send(FAST, c.path ?? path, c.body, c.headers?.(FAST));
    const koa = await send(KOA, c.path ?? path, c.body, c.headers?.(KOA));
    expect({ case: c.name, ...fast, requestId: undefined }).toEqual({ case: c.name, ...koa, requestId: undefined });
    expect(fast.requestId).toMatch(/^[0-9a-f]{32}$/);
  }
  // The cases above cover each kind of answer the route has.
  const statuses = new Set<number>();
  for (const c of cases) statuses.add((await send(FAST, c.path ?? path, c.body, c.headers?.('again'))).status);
  expect([...statuses].sort()).toEqual([200, 400, 404, 422]);
});

/** Runs SQL on the test server as its administrator (not on the stack's database). */
async function admin(sql: string): Promise<void> {
  const client = new Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test('a load the ledger cannot take (a read-only primary) gets the same 503 before Koa as through it', async () => {
  const { cardId, send } = await loggedIn('fast-path-read-only');
  const path = `/cards/${cardId}/load/`;
  // A failover as the stack's own database sees it: new sessions read-only, the open ones ended (a
  // per-database setting reaches new sessions only; ALTER SYSTEM would reach every other test's too).
  const name = new URL(stack.env.DATABASE_URL ?? '').pathname.slice(1);
  const endSessions = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`;
  await admin(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
  try {
    await admin(endSessions);
    const fast = await send(FAST, path, body('4.00'), { 'idempotency-key': 'read-only-fast' });
    const koa = await send(KOA, path, body('4.00'), { 'idempotency-key': 'read-only-koa' });
    expect({ ...fast, requestId: undefined }).toEqual({ ...koa, requestId: undefined });
    expect([fast.status, JSON.parse(fast.text), fast.headers]).toEqual([
      503,
      {
        status: 'error',
        errors: [
          {
            code: 'service-unavailable',
            message: 'the card ledger cannot take loads right now; nothing was charged. Retry',
          },
        ],
      },
      expect.arrayContaining([['retry-after', '2']]),
    ]);
  } finally {
    await admin(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
    await admin(endSessions); // the read-only sessions the pool opened meanwhile
  }
  // Nothing was taken: each key now runs its load, both ways alike.
  const again = async (type: string, key: string) => {
    for (let tries = 0; ; tries++) {
      const answer = await send(type, path, body('4.00'), { 'idempotency-key': key });
      if (answer.status !== 503 || tries >= 20) return answer;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const fast = await again(FAST, 'read-only-fast');
  const koa = await again(KOA, 'read-only-koa');
  expect({ ...fast, requestId: undefined }).toEqual({ ...koa, requestId: undefined });
  expect([fast.status, fast.text, fast.headers.some(([h]) => h === 'idempotent-replayed')]).toEqual([
    200,
    '{"status":"ok","errors":[]}',
    false,
  ]);
});

test("a request's traceparent names its answer on the path before Koa", async () => {
  const { cardId, send } = await loggedIn('fast-path-trace');
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const answer = await send(FAST, `/cards/${cardId}/load/`, body('1.00'), {
    traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
  });
  expect(answer.status).toBe(200);
  expect(answer.requestId).toBe(traceId);
});

test('what the path before Koa does not take still gets its answer from Koa', async () => {
  const { cardId, send } = await loggedIn('fast-path-others');
  const path = `/cards/${cardId}/load/`;
  // An Idempotency-Key out of its rules, an encoded body, a body over the limit: Koa's refusals.
  expect((await send(FAST, path, body('1.00'), { 'idempotency-key': 'has space' })).status).toBe(400);
  expect((await send(FAST, path, body('1.00'), { 'content-encoding': 'gzip' })).status).toBe(415);
  expect((await send(FAST, path, JSON.stringify({ nonce: 'x'.repeat(20_000), amount: '1.00' }))).status).toBe(413);
  // A query string or an encoded path is not the path before Koa's; Koa's route decides.
  expect((await send(FAST, `${path}?a=1`, body('1.00'))).status).toBe(200);
  expect((await send(FAST, `/cards/${cardId}/load%2F`, body('1.00'))).status).toBe(400);
});

test('a client that leaves mid-body is logged as Koa logs it, and the gateway goes on answering', async () => {
  const { cardId, send, cookie, xsrf } = await loggedIn('fast-path-abort');
  const port = Number(new URL(stack.url).port);
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const head = [
    `POST /cards/${cardId}/load/ HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    'Content-Length: 200',
    `Cookie: ${cookie}`,
    `X-XSRF-Token: ${xsrf}`,
  ].join('\r\n');
  socket.write(`${head}\r\n\r\n{"nonce": "fake-valid-nonce", `);
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  const aborted = (o: string) => o.slice(o.indexOf('client aborted the request'));
  const lineAfter = new RegExp(`"url":"/cards/${cardId}/load/","status":400,"ms":\\d+,"msg":"request"`);
  const output = await stack.waitForOutput('gateway', (o) => lineAfter.test(aborted(o)), 5_000);
  expect(output).toContain('client aborted the request');
  expect(aborted(output)).toMatch(lineAfter);
  // The gateway goes on: the next load is answered.
  expect((await send(FAST, `/cards/${cardId}/load/`, body('1.00'))).status).toBe(200);
});
