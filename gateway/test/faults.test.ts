// The fault suite: the whole stack as processes, clients doing card loads and /auth/user all along,
// and one fault after another — Redis stopped, the ledger's Postgres cut off, payment and auth killed
// and restarted, the processor hanging, refusing connections and losing an answer after charging.
// After each: nobody was logged out, no 5xx carried internal details, and every load a client saw
// succeed is succeeded in the ledger; at the end, after reconciliation, balances = ledger = the
// processor's approvals with nothing left open. Each fault prints what the clients saw.
import { type ChildProcess, spawn } from 'node:child_process';
import { createLogger } from '@gatehouse/logger';
import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { freePort, type ServiceName, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { createPool } from '../../services/payment/src/db';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';
import { testPayments } from '../../services/payment/test/helpers';

const CLIENTS = 6;
const INTERNALS = /ECONNREFUSED|remote_addr|Deadline exceeded|No connection established|127\.0\.0\.1:\d+|\bat \w+ \(/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;
let redis: ChildProcess;

interface Seen {
  statuses: Map<string, number>;
  loggedOut: number;
  leaks: string[];
  ok: string[]; // idempotency keys of loads answered 200
}

class Client {
  readonly browser: Browser;
  cardId = 0;
  private n = 0;
  constructor(
    readonly name: string,
    url: string,
  ) {
    this.browser = new Browser(url);
  }
  async setUp() {
    await this.browser.devLogin(this.name);
    const res = await this.send('POST', '/cards/', '{"name":"faults"}');
    this.cardId = (res.json() as { id: number }).id;
  }
  private async send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    return this.browser.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await this.browser.xsrf(), ...headers },
      body,
    });
  }
  /** One round: /auth/user, then a 1.00 load, retried with its key while the outcome is unknown. */
  async round(seen: Seen) {
    const note = (what: string, status: number, text: string) => {
      const key = `${what} ${status}`;
      seen.statuses.set(key, (seen.statuses.get(key) ?? 0) + 1);
      if (status >= 500 && INTERNALS.test(text)) seen.leaks.push(`${key}: ${text.slice(0, 200)}`);
    };
    try {
      const user = await this.browser.getWithXsrf('/auth/user');
      note('user', user.status, user.text);
      if (user.status === 401) seen.loggedOut += 1;
      const key = `${this.name}-${++this.n}`;
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await this.send(
          'POST',
          `/cards/${this.cardId}/load/`,
          '{"nonce":"fake-valid-nonce","amount":"1.00"}',
          {
            'idempotency-key': key,
          },
        );
        note('load', res.status, res.text);
        if (res.status === 200) seen.ok.push(key);
        if (res.status < 500 && res.status !== 409) return;
        await sleep(250);
      }
    } catch (err) {
      note('network', 0, (err as Error).message);
    }
  }
}

beforeAll(async () => {
  const redisPort = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  db = await createTestDatabase();
  fake = await startDevProcessor({ recordRequests: true });
  await sleep(200);
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      DATABASE_URL: db.url,
      AUTH_TOKEN_DURATION: '2s', // tokens expire during every fault: each one meets a refresh
      ...processorEnv(fake, '5s'),
    },
  });
}, 60_000);

afterAll(async () => {
  redis?.kill('SIGCONT');
  await db?.allowConnections();
  await stack?.stop();
  redis?.kill('SIGKILL');
  await fake?.close();
  await db?.drop();
});

it('keeps everyone logged in and the money straight through every fault', async () => {
  const clients = Array.from({ length: CLIENTS }, (_, i) => new Client(`faulty${i}`, stack.url));
  for (const c of clients) await c.setUp();
  const ledger = createPool(db.url, { max: 2, transactionPooling: db.transactionPooling });
  const allOk: string[] = [];

  async function underFault(name: string, inject: () => Promise<void>, heal: () => Promise<void>, holdMs: number) {
    const seen: Seen = { statuses: new Map(), loggedOut: 0, leaks: [], ok: [] };
    let running = true;
    const loops = clients.map(async (c) => {
      while (running) await c.round(seen);
    });
    await sleep(500);
    const started = Date.now();
    await inject();
    await sleep(holdMs);
    await heal();
    // Recovered: every client gets through again.
    for (;;) {
      const probe = await clients[0]!.browser.getWithXsrf('/auth/user').catch(() => undefined);
      if (probe?.status === 200 || Date.now() - started > 60_000) break;
      await sleep(200);
    }
    const recoveredMs = Date.now() - started - holdMs;
    await sleep(1_000);
    running = false;
    await Promise.all(loops);
    console.log(
      `fault ${name}: held ${holdMs} ms, back ${recoveredMs} ms after healing; clients saw ${JSON.stringify(Object.fromEntries(seen.statuses))}`,
    );
    expect([name, seen.loggedOut]).toEqual([name, 0]);
    expect([name, seen.leaks]).toEqual([name, []]);
    const { rows } = await ledger.query<{ idempotency_key: string; status: string }>(
      'SELECT idempotency_key, status FROM loads WHERE idempotency_key = ANY($1)',
      [seen.ok],
    );
    expect([name, rows.filter((r) => r.status !== 'succeeded')]).toEqual([name, []]);
    expect(rows).toHaveLength(new Set(seen.ok).size);
    allOk.push(...seen.ok);
  }

  await underFault(
    'redis stopped',
    async () => void redis.kill('SIGSTOP'),
    async () => void redis.kill('SIGCONT'),
    15_000,
  );
  await underFault(
    'ledger postgres cut off',
    () => db.refuseConnections(),
    () => db.allowConnections(),
    4_000,
  );
  await underFault(
    'payment killed',
    () => stack.kill('payment'),
    () => stack.restart('payment'),
    2_000,
  );
  await underFault(
    'auth killed',
    () => stack.kill('auth'),
    () => stack.restart('auth'),
    2_000,
  );
  await underFault(
    'processor hangs',
    async () => void fake.faults.push(...Array<'hang'>(CLIENTS).fill('hang')),
    async () => void fake.faults.splice(0),
    3_000,
  );
  await underFault(
    'processor refuses connections',
    () => fake.refuseConnections(),
    () => fake.acceptConnections(),
    2_000,
  );
  await underFault(
    'processor loses answers after charging',
    async () => void fake.faults.push(...Array<'charge-then-server-error'>(CLIENTS).fill('charge-then-server-error')),
    async () => void fake.faults.splice(0),
    2_000,
  );

  // Reconciliation, as the service runs it, with a clock past the waiting time.
  const later = () => new Date(Date.now() + 60 * 60_000);
  const payments = testPayments(ledger, fake, createLogger({ name: 'faults', level: 'silent' }), { clock: later });
  const report = await payments.reconcile();
  console.log(`reconciliation after the faults: ${JSON.stringify(report)}`);
  const open = await ledger.query("SELECT count(*)::int AS n FROM loads WHERE status IN ('pending', 'unknown')");
  expect(open.rows[0].n).toBe(0);
  const sums = await ledger.query<{ balances: string; ledger: string }>(
    "SELECT (SELECT coalesce(sum(balance_cents), 0) FROM cards)::bigint AS balances, (SELECT coalesce(sum(amount_cents), 0) FROM loads WHERE status = 'succeeded')::bigint AS ledger",
  );
  const approvedCents = [...fake.approved.values()].reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  expect(Number(sums.rows[0]!.balances)).toBe(Number(sums.rows[0]!.ledger));
  expect(Number(sums.rows[0]!.ledger)).toBe(approvedCents);
  await ledger.end();
}, 240_000);

const SIGTERM_TRACE = '5a6e7e43d4c1a0b2c3d4e5f60718293a';

it('a payment SIGTERM lets a load that reached the processor finish: answered, settled, not abandoned', async () => {
  const client = new Client('sigterm', stack.url);
  await client.setUp();
  // Quiet first: a load the earlier clients gave up on may still reach the processor late, and it must
  // not be the sale that takes this test's fault.
  const sales = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/transactions')).length;
  for (let last = -1, now = sales(); now !== last; await sleep(1_000)) [last, now] = [now, sales()];
  fake.faults.length = 0; // nothing left over from the faults above
  fake.slowMs = 1_000; // the processor charges at once and answers after 1 s (its timeout here is 5 s)
  fake.faults.push('charge-slowly');
  const xsrf = await client.browser.xsrf();
  const answer = client.browser.request('POST', `/cards/${client.cardId}/load/`, {
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': xsrf,
      'idempotency-key': 'sigterm-1',
      traceparent: `00-${SIGTERM_TRACE}-b7ad6b7169203331-01`,
    },
    body: '{"nonce":"fake-valid-nonce","amount":"7.00"}',
  });
  // SIGTERM once this load's sale has reached the processor (and taken the slow fault), not after a
  // fixed time: on a loaded machine the request may still be on its way through the gateway.
  const ours = () =>
    fake.requests.some((r) => (r.body as { transaction?: { amount?: string } } | null)?.transaction?.amount === '7.00');
  for (let waited = 0; !ours() && waited < 10_000; waited += 20) await sleep(20);
  expect([ours(), fake.faults]).toEqual([true, []]);
  await sleep(100);
  const stopped = stack.kill('payment', 'SIGTERM');
  const res = await answer;
  await stopped;
  // Settled before the process exited, never abandoned: the charge is in the ledger.
  const ledger = createPool(db.url, { max: 1, transactionPooling: db.transactionPooling });
  const { rows } = await ledger.query("SELECT status FROM loads WHERE idempotency_key = 'sigterm-1'");
  await ledger.end();
  expect(rows).toEqual([{ status: 'succeeded' }]);
  // The caller is answered with the outcome: grpc-kit lets calls under way answer before GOAWAY
  // (docs/operations.md). Before that, the answer was lost in 2 of 3 CI runs ("Connection
  // dropped" at the gateway). Should it happen again, the gateway gives the documented unknown-outcome
  // answer, and the retry it asks for, with the same key, after the restart, must replay the settled
  // load, so the client ends with the truth either way.
  if (res.status !== 200) {
    // What the gateway was told (its warn line names the gRPC status) and payment's last lines.
    const ofThisLoad = (name: ServiceName) =>
      stack
        .output(name)
        .split('\n')
        .filter((line) => line.includes(SIGTERM_TRACE));
    const told = ofThisLoad('gateway');
    const paymentTail = ofThisLoad('payment');
    console.log(
      `payment SIGTERM: the answer was lost (${res.status}); retrying with the same key\n--- gateway\n${told.join('\n')}\n--- payment\n${paymentTail.join('\n')}`,
    );
    expect([res.status, (res.json() as { errors: { code: string }[] }).errors[0]?.code]).toEqual([
      502,
      'processor-unavailable',
    ]);
    await stack.restart('payment');
    // As a client following the answers: a 503 (no replica connected yet: nothing sent) is retried
    // after its Retry-After.
    let retried: Awaited<ReturnType<typeof client.browser.request>>;
    for (let tries = 0; ; tries++) {
      retried = await client.browser.request('POST', `/cards/${client.cardId}/load/`, {
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': await client.browser.xsrf(),
          'idempotency-key': 'sigterm-1',
        },
        body: '{"nonce":"fake-valid-nonce","amount":"7.00"}',
      });
      if (retried.status !== 503 || tries >= 20) break;
      await sleep(Number(retried.headers.get('retry-after') ?? 1) * 1000);
    }
    expect([retried.status, retried.json()]).toEqual([200, { status: 'ok', errors: [] }]);
    return;
  }
  expect(res.json()).toEqual({ status: 'ok', errors: [] });
}, 60_000);
