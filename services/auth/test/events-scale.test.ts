// Events at scale (issue 34's "done when"): two auth, two payment and two gateway replicas, one database
// and Redis. A webhook subscribed to `load.*` (created over auth.v1.EventsService, as the gateway calls
// it) and a loopback receiver verifying every delivery with the `standardwebhooks` package; 1,000 card
// loads through both gateways' HTTP route give exactly 1,000 `load.succeeded` deliveries, each
// webhook-id once, though both auth replicas' dispatchers compete for them. Then the receiver goes
// away (connections refused) while loads go on, and gets every one of them once it is back, none twice.
import http from 'node:http';
import path from 'node:path';
import { createClient, openInternalAuth } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { metricValue, scrapeMetrics } from '@gatehouse/test-kit/metric-value';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { Webhook } from 'standardwebhooks';
import { type DevProcessor, startDevProcessor } from '../../payment/src/processor/dev';
import { processorEnv } from '../../payment/test/helpers';

const LOADS = 1000;
const CONCURRENCY = 20;

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;
let gateways: string[] = [];
/** Each auth replica's metrics port: what each one's dispatcher delivered. */
let authMetrics: number[] = [];
let receiver: http.Server;
let receiverPort: number;
let verifier: Webhook | undefined;
/** Every verified delivery's webhook-id and type, in arrival order; unverifiable ones are counted apart. */
const delivered: { id: string; type: string }[] = [];
let unverified = 0;

function listen(): Promise<void> {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      try {
        const event = verifier!.verify(body, req.headers as Record<string, string>) as { type: string };
        delivered.push({ id: String(req.headers['webhook-id']), type: event.type });
        res.writeHead(204).end();
      } catch {
        unverified++;
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
}

function closeReceiver(): Promise<void> {
  return new Promise((resolve) => {
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
}

interface LoadClient {
  cookie: string;
  xsrf: string;
  cardId: number;
}

/** Users logged in (each with a card) through the first gateway; their cookies work on either. */
async function loggedIn(count: number): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  for (let i = 0; i < count; i++) {
    const browser = new Browser(gateways[0]!);
    const login = await browser.devLogin(`scale-user-${i}`);
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
    const xsrf = await browser.xsrf();
    const created = await browser.request('POST', '/cards/', {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({ name: `scale ${i}` }),
    });
    expect(created.status).toBe(201);
    clients.push({
      cookie: await browser.jar.getCookieString(gateways[0]!),
      xsrf,
      cardId: (created.json() as { id: number }).id,
    });
  }
  return clients;
}

/** `count` loads of 1.00, CONCURRENCY at a time, alternating between the gateways; the statuses seen. */
async function load(clients: LoadClient[], count: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async (w: number) => {
    const c = clients[w % clients.length]!;
    for (let n = next++; n < count; n = next++) {
      const res = await fetch(`${gateways[n % gateways.length]}/cards/${c.cardId}/load/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie, 'x-xsrf-token': c.xsrf },
        body: JSON.stringify({ nonce: 'fake-valid-nonce', amount: '1.00' }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string };
      const key = `${res.status} ${body.status ?? ''}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return statuses;
}

function counts(type: string): { distinct: number; total: number; twice: string[] } {
  const seen = new Map<string, number>();
  for (const d of delivered) if (d.type === type) seen.set(d.id, (seen.get(d.id) ?? 0) + 1);
  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  return { distinct: seen.size, total, twice: [...seen].filter(([, n]) => n > 1).map(([id]) => id) };
}

let clients: LoadClient[];

beforeAll(async () => {
  db = await createTestDatabase('gh_evscale');
  fake = await startDevProcessor({});
  receiverPort = await freePort();
  await listen();
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    env: {
      ...processorEnv(fake, '5s'),
      DATABASE_URL: db.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Short retries, so the outage below is seconds long; long enough in all for one of ~10 s.
      WEBHOOK_RETRY_SCHEDULE: '0s,1s,1s,2s,2s,2s,2s,2s,2s,2s,2s',
      PAYMENT_LIMIT_1_DAY: '1000000.00',
    },
  });
  const auth2Metrics = await freePort();
  const auth2 = await stack.addReplica('auth', { env: { METRICS_PORT: String(auth2Metrics) } });
  authMetrics = [stack.metricsPorts!.auth, auth2Metrics];
  const payment2 = await stack.addReplica('payment');
  // The second gateway talks to the second auth and payment only: every kind of process twice.
  const second = await stack.addGateway({
    env: { AUTH_GRPC_ADDR: auth2.address, PAYMENT_GRPC_ADDR: payment2.address },
  });
  gateways = [stack.url, second.url];

  const keys = await openInternalAuth(path.join(stack.dataDir, 'internal-keys', 'gateway'), 'gateway', ['auth']);
  if (!keys) throw new Error('no internal keys');
  const events = createClient(loadProto('events').grpcObject.auth.v1.EventsService, auth2.address, {
    deadlineMs: 10_000,
    credential: { auth: keys, audience: 'auth' },
  });
  try {
    const made = await events.call.createWebhook({
      url: `http://127.0.0.1:${receiverPort}/hooks`,
      eventTypes: ['load.*'],
      description: 'scale',
      actor: { id: 'operator' },
    });
    verifier = new Webhook(made.secret);
  } finally {
    events.close();
  }
  clients = await loggedIn(CONCURRENCY);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  if (receiver?.listening) await closeReceiver();
  await db?.drop();
});

test(`${LOADS} loads through two gateways give ${LOADS} load.succeeded deliveries, each once`, async () => {
  const statuses = await load(clients, LOADS);
  expect(statuses).toEqual({ '200 ok': LOADS });
  const started = Date.now();
  await until(() => counts('load.succeeded').distinct >= LOADS, 60_000).catch(() => undefined);
  // A moment more, so a duplicate on its way would be seen.
  await new Promise((r) => setTimeout(r, 1500));
  const got = counts('load.succeeded');
  expect({ ...got, unverified, other: delivered.filter((d) => d.type !== 'load.succeeded').length }).toEqual({
    distinct: LOADS,
    total: LOADS,
    twice: [],
    unverified: 0,
    other: 0,
  });
  expect(Date.now() - started).toBeLessThan(60_000);
  // Both replicas' dispatchers took part, and between them sent each delivery once.
  const sent = await Promise.all(
    authMetrics.map(async (port) =>
      metricValue(await scrapeMetrics(port), 'gatehouse_webhook_deliveries_total', { outcome: 'delivered' }),
    ),
  );
  expect(sent.every((n) => n > 0)).toBe(true);
  expect(sent.reduce((a, b) => a + b, 0)).toBe(LOADS);
}, 300_000);

test('a receiver that was down gets every event once it is back, none twice', async () => {
  const before = delivered.length;
  await closeReceiver();
  const loads = 100;
  expect(await load(clients, loads)).toEqual({ '200 ok': loads });
  // Down for a few seconds more: the first attempts and some retries are refused.
  await new Promise((r) => setTimeout(r, 3000));
  expect(delivered.length).toBe(before);
  await listen();
  await until(() => counts('load.succeeded').distinct >= LOADS + loads, 30_000).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1500));
  expect(counts('load.succeeded')).toEqual({ distinct: LOADS + loads, total: LOADS + loads, twice: [] });
  expect(unverified).toBe(0);
  // They came by the retries: attempts refused while it was down were scheduled again, not lost.
  const retried = await Promise.all(
    authMetrics.map(async (port) =>
      metricValue(await scrapeMetrics(port), 'gatehouse_webhook_deliveries_total', { outcome: 'retry' }),
    ),
  );
  expect(retried.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(loads);
}, 120_000);
