// What a delivery carries and when it goes (issue 43, S4), against real Postgres and real receivers on
// loopback: each delivery of an event about a user names that user (data.user_id), the trail's own
// row staying ids and codes of its type; and endpoints are delivered independently: with a receiver
// that takes the request and never answers, another endpoint gets the same event and the later ones
// while that request is still held, with two dispatchers (two replicas) each delivering once.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type NewEvent, recordEvent, WebhookSender } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { until } from '@gatehouse/test-kit/until';
import { Webhook } from 'standardwebhooks';
import { createPool, runMigrations } from '../stores/postgres';
import { PgDeliveryQueue } from './delivery-queue';
import { WebhookDispatcher } from './dispatcher';
import { WebhookSecrets } from './webhook-secrets';
import { PgWebhookStore } from './webhook-store';

const log = createLogger({ name: 'deliveries-test', level: 'silent' });
const secrets = new WebhookSecrets({ key: randomBytes(32), previous: [] });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgWebhookStore;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { max: 10, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgWebhookStore(pool, { secrets });
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await pool.query('DELETE FROM webhooks');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

interface Received {
  id: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A receiver on loopback. `hold`: it reads each request and never answers, keeping the connection
 * open (a receiver stuck behind a lock, say); `open` lists the webhook-ids whose requests it holds.
 */
async function receiver(options: { hold?: boolean; onRequest?: (r: Received) => void } = {}) {
  const received: Received[] = [];
  const open = new Set<string>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r = { id: String(req.headers['webhook-id']), headers: req.headers as Record<string, string>, body };
      received.push(r);
      options.onRequest?.(r);
      if (!options.hold) {
        res.end();
        return;
      }
      open.add(r.id);
      req.socket.on('close', () => open.delete(r.id));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // First of the stops: what it holds is let go, so the dispatchers' stop does not wait for the deadline.
  stops.unshift(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, open };
}

/** A dispatcher as an auth replica runs it; attempts may take 30 s, longer than the test waits. */
function dispatcher(): void {
  const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 30_000 });
  const d = new WebhookDispatcher({ queue: new PgDeliveryQueue(pool, secrets), sender, schedule: [0, 60_000], log });
  d.start();
  stops.push(async () => {
    await d.stop();
    await sender.close();
  });
}

const load = (n: number) =>
  recordEvent(pool, {
    type: 'load.succeeded',
    actor: { kind: 'user', id: 'dev_payer' },
    subjectUser: 'dev_payer',
    data: { load_id: n, card_id: 1, amount_cents: 100 },
  });

test('an event about a user is delivered with its user id; the trail keeps its own data', async () => {
  const r = await receiver();
  const { secret } = await store.create(
    { url: r.url, eventTypes: ['user.*', 'identity.*', 'login.*', 'session.*'], description: '' },
    'operator',
  );
  const about = (type: NewEvent['type'], user: string, data: object): NewEvent =>
    ({ type, actor: { kind: 'admin', id: 'operator' }, subjectUser: user, data }) as NewEvent;
  const events: [NewEvent, string][] = [];
  for (const event of [
    about('user.blocked', 'dev_blocked', { reason: 'fraud' }),
    about('identity.linked', 'dev_linked', { provider: 'github' }),
    about('login.failed', 'dev_failed', { provider: 'dev', reason: 'refused' }),
    about('session.ended', 'dev_ended', { reason: 'logout' }),
  ])
    events.push([event, await recordEvent(pool, event)]);
  dispatcher();
  await until(() => r.received.length >= events.length);
  for (const [event, id] of events) {
    const got = r.received.find((x) => x.id === id);
    const body = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {}) as { type: string; data: unknown };
    expect(body).toMatchObject({ type: event.type, data: { ...event.data, user_id: event.subjectUser } });
    // The trail's row is the type's strict schema: the user is its subject column, not its data.
    const row = await pool.query('SELECT subject_user, data FROM events.events WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ subject_user: event.subjectUser, data: event.data });
  }
});

test('a receiver that never answers holds back no other endpoint, with two replicas each delivering once', async () => {
  const slow = await receiver({ hold: true });
  // What the slow receiver still held when the fast one got each event.
  const heldMeanwhile = new Map<string, string[]>();
  const fast = await receiver({ onRequest: (r) => heldMeanwhile.set(r.id, [...slow.open]) });
  const stuck = await store.create({ url: slow.url, eventTypes: ['load.*'], description: 'slow' }, 'operator');
  const quick = await store.create({ url: fast.url, eventTypes: ['load.*'], description: 'fast' }, 'operator');
  dispatcher();
  dispatcher();

  const first = await load(1);
  // The slow receiver has the first event and keeps its request open; the fast one got it too.
  await until(() => slow.open.has(first) && fast.received.some((r) => r.id === first));
  // Later events one at a time: each reaches the fast receiver while the first one's request is still
  // held (a dispatcher that waited for the slow receiver would be stuck on it by the second: both would).
  const later: string[] = [];
  for (const n of [2, 3, 4]) {
    const id = await load(n);
    later.push(id);
    await until(() => fast.received.some((r) => r.id === id), 10_000);
    expect(heldMeanwhile.get(id)).toContain(first);
  }
  expect(slow.open.has(first)).toBe(true);
  // Once each, across both replicas, every one verifying with the fast endpoint's secret.
  expect(fast.received.map((r) => r.id).sort()).toEqual([first, ...later].sort());
  for (const r of fast.received) expect(() => new Webhook(quick.secret).verify(r.body, r.headers)).not.toThrow();
  const delivered = await until(async () => {
    const list = await store.deliveries(quick.webhook.id, 10);
    return list.length === 4 && list.every((d) => d.status === 'delivered') && list;
  });
  expect(delivered.map((d) => d.attempts.length)).toEqual([1, 1, 1, 1]);
  // The slow endpoint's first delivery is still on the wire: its one attempt not yet recorded.
  expect((await store.deliveries(stuck.webhook.id, 10)).find((d) => d.eventId === first)).toMatchObject({
    status: 'pending',
    attempts: [],
  });
});
