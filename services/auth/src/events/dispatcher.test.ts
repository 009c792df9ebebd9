// Webhook delivery (issue 34) against real Postgres and a real HTTP receiver on loopback (allowed by
// WEBHOOK_ALLOW_PRIVATE's switch): every delivery verifies with the `standardwebhooks` package as it
// is; a receiver that fails twice gets the same webhook-id on the third attempt; 410 disables the
// endpoint; two dispatchers (two replicas) deliver each event once. (Secrets, sealed, and their
// rotation: webhook-secrets.test.ts; endpoints delivered independently: deliveries.test.ts.)
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordEvent, WebhookSender } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { until } from '@gatehouse/test-kit/until';
import { Webhook } from 'standardwebhooks';
import { createPool, runMigrations } from '../stores/postgres';
import { PgDeliveryQueue } from './delivery-queue';
import { nextStep, WebhookDispatcher } from './dispatcher';
import { startRetention } from './retention';
import { WebhookSecrets } from './webhook-secrets';
import { PgWebhookStore } from './webhook-store';

/** The admin who makes the test's endpoints (each change is an admin.action in the trail). */
const ADMIN = 'operator';

const log = createLogger({ name: 'webhooks-test', level: 'silent' });
/** Endpoint secrets sealed as auth seals them, under a key derived from an AUTH_TOTP_KEY. */
const secrets = new WebhookSecrets({ key: randomBytes(32), previous: [] });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgWebhookStore;
const running: WebhookDispatcher[] = [];
const senders: WebhookSender[] = [];

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback answering each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function dispatcher(
  schedule = [0, 200, 200, 200],
  options: { pollMs?: number; queue?: PgDeliveryQueue } = {},
): WebhookDispatcher {
  const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 2_000 });
  senders.push(sender);
  const { pollMs = 50, queue = new PgDeliveryQueue(pool, secrets) } = options;
  const d = new WebhookDispatcher({ queue, sender, schedule, log, pollMs });
  running.push(d);
  d.start();
  return d;
}

const load = (user: string, loadId: number) =>
  recordEvent(pool, {
    type: 'load.succeeded',
    actor: { kind: 'user', id: user },
    subjectUser: user,
    data: { load_id: loadId, card_id: 1, amount_cents: 100 },
  });

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { max: 10, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgWebhookStore(pool, { secrets });
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.stop()));
  await Promise.all(senders.splice(0).map((s) => s.close()));
  await pool.query('DELETE FROM webhooks');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

test('a subscribed event is delivered signed, and the standardwebhooks package verifies it unchanged', async () => {
  const r = await receiver();
  const { secret } = await store.create({ url: r.url, eventTypes: ['load.*'], description: 'test' }, ADMIN);
  expect(secret).toMatch(/^whsec_/);
  dispatcher();
  const id = await load('dev_a', 1);
  await recordEvent(pool, { type: 'login.failed', actor: { kind: 'user' }, data: { reason: 'bad-password' } });
  const got = await until(() => r.received[0]);
  const verified = new Webhook(secret).verify(got.body, got.headers) as { type: string; data: unknown };
  // `source`: the role that wrote the event (here the tests' own), as the trail's trigger set it.
  const { rows } = await pool.query<{ role: string }>('SELECT current_user AS role');
  expect(verified).toEqual({
    type: 'load.succeeded',
    timestamp: expect.any(String),
    source: rows[0]?.role,
    data: { load_id: 1, card_id: 1, amount_cents: 100, user_id: 'dev_a' },
  });
  expect(got.headers['webhook-id']).toBe(id);
  expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  // login.* is not subscribed: nothing else arrives.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(r.received).toHaveLength(1);
  await r.close();
});

test('a receiver that fails twice gets the same webhook-id on the third attempt, and the attempts are listed', async () => {
  const r = await receiver([500, 503]);
  const { webhook } = await store.create({ url: r.url, eventTypes: ['load.succeeded'], description: '' }, ADMIN);
  dispatcher();
  const id = await load('dev_b', 2);
  await until(() => r.received.length >= 3 && r.received);
  expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([id, id, id]);
  const [delivery] = await until(async () => {
    const list = await store.deliveries(webhook.id, 10);
    return list[0]?.status === 'delivered' && list;
  });
  expect(delivery?.status).toBe('delivered');
  expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
  // Nothing waits any more: the lag the alert watches is back to zero.
  expect(await store.oldestUndeliveredSeconds()).toBe(0);
  await r.close();
});

test('delivered webhooks recorded a round at a time: each with its attempt, the endpoint no longer failing', async () => {
  const r = await receiver([500]);
  const { webhook } = await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  const first = await load('dev_round', 10);
  dispatcher([0, 300]);
  await until(async () => (await store.list()).find((w) => w.id === webhook.id)?.failingSince);
  // Made while the first waits for its retry: delivered in rounds of their own, their success clears the mark.
  for (let n = 11; n < 16; n++) await load('dev_round', n);
  const list = await until(async () => {
    const all = await store.deliveries(webhook.id, 10);
    return all.length === 6 && all.every((d) => d.status === 'delivered') && all;
  });
  expect(list.map((d) => [d.eventId, d.attempts.map((a) => a.statusCode)]).sort()).toEqual(
    [...list.map((d) => d.eventId)].sort().map((id) => [id, id === first ? [500, 200] : [200]]),
  );
  expect((await store.list()).find((w) => w.id === webhook.id)?.failingSince).toBeNull();
  expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(6);
  await r.close();
});

test('410 Gone disables the endpoint at once; re-enabled, its stopped delivery goes again', async () => {
  const r = await receiver([410]);
  // load.* only: with `*` the endpoint would also get the admin.action of its own making and enabling.
  const { webhook } = await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  dispatcher();
  await load('dev_c', 3);
  await until(() => r.received.length === 1);
  const [disabled] = await until(async () => {
    const list = await store.list();
    return list[0] && !list[0].enabled && list;
  });
  expect(disabled).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/410/) });
  expect(await store.disabledCount()).toBe(1);
  await load('dev_c', 4);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(r.received).toHaveLength(1);
  // Re-enabled, the delivery the 410 stopped goes again (same webhook-id); an event made while the
  // endpoint was off was never meant for it (as with Svix and Stripe).
  await store.enable(webhook.id, ADMIN);
  await until(() => r.received.length === 2, 5_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(r.received).toHaveLength(2);
  expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
  await r.close();
});

test('an idle dispatcher asks one small named statement a poll, and still delivers what arrives', async () => {
  const r = await receiver();
  await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  // The queue's own statements, by name (or text), through the real pool.
  const asked: string[] = [];
  const counted = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query')
        return (q: string | { name?: string; text: string }, ...rest: unknown[]) => {
          asked.push(typeof q === 'string' ? q : (q.name ?? q.text));
          return (target.query as (...a: unknown[]) => unknown).call(target, q, ...rest);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  dispatcher(undefined, { queue: new PgDeliveryQueue(counted, secrets) });
  // Once what earlier tests left (the admin.action of the endpoint's making) is out, each idle round
  // is the probe alone: five rounds in a row with no fan-out and no claim.
  const idle = await until(() => asked.slice(-5).every((q) => q === 'webhooks-pending') && asked.length >= 5 && asked);
  expect(idle.slice(-5)).toEqual(Array(5).fill('webhooks-pending'));
  const id = await load('dev_idle', 20);
  const got = await until(() => r.received[0]);
  expect(got.headers['webhook-id']).toBe(id);
  await r.close();
});

test('a dispatcher that has just delivered looks again soon, though its idle poll is a minute', async () => {
  const r = await receiver();
  await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  const first = await load('dev_soon', 30);
  dispatcher(undefined, { pollMs: 60_000 });
  await until(() => r.received.find((x) => x.headers['webhook-id'] === first));
  // Under a steady load the outbox is found empty every few rounds: the next look is 50 ms after work,
  // then twice as long each empty round, not the whole poll (which had put half a second on deliveries).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const second = await load('dev_soon', 31);
  await until(() => r.received.find((x) => x.headers['webhook-id'] === second), 5_000);
  await r.close();
});

test("an admin's retry wakes this replica's dispatcher at once, not at its next poll", async () => {
  const r = await receiver([500]);
  let woken: WebhookDispatcher | undefined;
  const admin = new PgWebhookStore(pool, { secrets, onDue: () => woken?.wake() });
  const { webhook } = await admin.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  await load('dev_wake', 21);
  // A poll of a minute, and a retry an hour away: only the wake can send it again within the test.
  woken = dispatcher([0, 3_600_000], { pollMs: 60_000 });
  const [failed] = await until(async () => {
    const list = await admin.deliveries(webhook.id, 10);
    return list[0]?.attempts.length === 1 && list;
  });
  expect(failed?.status).toBe('pending');
  expect(await admin.retry(webhook.id, failed?.id as number, ADMIN)).toBe(true);
  await until(() => r.received.length === 2);
  expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([failed?.eventId, failed?.eventId]);
  await r.close();
});

test('two dispatchers (two replicas) deliver each of 200 events once', async () => {
  const r = await receiver();
  await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  dispatcher();
  dispatcher();
  const ids = new Set<string>();
  for (let i = 0; i < 200; i++) ids.add(await load('dev_d', 100 + i));
  await until(() => r.received.length >= 200, 15_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const got = r.received.map((x) => x.headers['webhook-id']);
  expect(got).toHaveLength(200);
  expect(new Set(got)).toEqual(ids);
  await r.close();
}, 30_000);

test('the next step: the schedule, Retry-After when it asks for longer, and the schedule spent', () => {
  const result = { ok: false, status: 500, error: 'HTTP 500', retryAfterSeconds: null, gone: false, durationMs: 1 };
  const schedule = [0, 5_000, 300_000];
  const step = nextStep(result, 1, schedule);
  expect(step.kind).toBe('retry');
  expect((step as { delayMs: number }).delayMs).toBeGreaterThanOrEqual(4_500);
  expect((step as { delayMs: number }).delayMs).toBeLessThanOrEqual(5_500);
  expect(nextStep({ ...result, status: 429, retryAfterSeconds: 120 }, 1, schedule)).toEqual({
    kind: 'retry',
    delayMs: 120_000,
  });
  expect(nextStep(result, 3, schedule)).toEqual({ kind: 'failed' });
  expect(nextStep({ ...result, ok: true }, 1, schedule)).toEqual({ kind: 'delivered' });
});

test('retention removes events older than AUDIT_RETENTION in batches, with their deliveries, and keeps the rest', async () => {
  const r = await receiver();
  await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  dispatcher();
  const old = await load('dev_old', 900);
  await until(() => r.received.length === 1);
  await pool.query("UPDATE events.events SET time = now() - interval '100 days' WHERE id = $1", [old]);
  const kept = await load('dev_new', 901);
  // The overview's hourly counters: an hour of 40 days ago goes, one of 30 days ago stays.
  await pool.query(
    `INSERT INTO overview_hourly (hour, kind, provider, count) VALUES
       (date_trunc('hour', now() - interval '40 days'), 'login', 'dev', 3),
       (date_trunc('hour', now() - interval '30 days'), 'login', 'dev', 2)`,
  );
  const retention = startRetention({ pool, retentionMs: 90 * 86_400_000, log, everyMs: 3_600_000 });
  try {
    expect(await retention.sweep()).toBe(1);
  } finally {
    await retention.stop();
  }
  const { rows } = await pool.query('SELECT id FROM events.events WHERE id = ANY($1)', [[old, kept]]);
  expect(rows.map((row) => row.id)).toEqual([kept]);
  const deliveries = await pool.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = $1', [old]);
  expect(deliveries.rows[0].n).toBe(0);
  const hours = await pool.query("SELECT count::int AS n FROM overview_hourly WHERE hour < now() - interval '20 days'");
  expect(hours.rows).toEqual([{ n: 2 }]);
  await r.close();
});
