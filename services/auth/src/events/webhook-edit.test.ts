// An admin's edit and hand disable of a webhook endpoint (issue 48) against real Postgres and a real
// receiver on loopback: a type taken off the subscription is no longer delivered and one added is; the
// change is an admin.action naming the fields changed, never their values; a disabled endpoint gets no
// delivery of events made meanwhile, its pending ones wait and go once it is enabled again.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordEvent, WebhookSender } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { until } from '@gatehouse/test-kit/until';
import { createPool, runMigrations } from '../stores/postgres';
import { PgDeliveryQueue } from './delivery-queue';
import { WebhookDispatcher } from './dispatcher';
import { WebhookSecrets } from './webhook-secrets';
import { PgWebhookStore } from './webhook-store';

const ADMIN = 'operator';
const log = createLogger({ name: 'webhook-edit-test', level: 'silent' });
const secrets = new WebhookSecrets({ key: randomBytes(32), previous: [] });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgWebhookStore;
let dispatcher: WebhookDispatcher | undefined;
let sender: WebhookSender | undefined;

/** A receiver on loopback recording the type of every delivery it gets. */
async function receiver() {
  const types: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      types.push((JSON.parse(body) as { type: string }).type);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, types, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function startDispatcher(): void {
  sender = new WebhookSender({ allowPrivate: true, timeoutMs: 2_000 });
  dispatcher = new WebhookDispatcher({
    queue: new PgDeliveryQueue(pool, secrets),
    sender,
    schedule: [0, 200, 200],
    log,
    pollMs: 50,
  });
  dispatcher.start();
}

const card = (cardId: number) =>
  recordEvent(pool, {
    type: 'card.created',
    actor: { kind: 'user', id: 'dev_a' },
    subjectUser: 'dev_a',
    data: { card_id: cardId },
  });
const load = (loadId: number) =>
  recordEvent(pool, {
    type: 'load.succeeded',
    actor: { kind: 'user', id: 'dev_a' },
    subjectUser: 'dev_a',
    data: { load_id: loadId, card_id: 1, amount_cents: 100 },
  });

/** The admin.action events about the endpoint, oldest first. */
async function actions(webhook: string): Promise<Record<string, unknown>[]> {
  const { rows } = await pool.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM events.events WHERE type = 'admin.action' AND data->>'webhook' = $1 ORDER BY id`,
    [webhook],
  );
  return rows.map((r) => r.data);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { max: 5, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgWebhookStore(pool, { secrets, onDue: () => dispatcher?.wake() });
});

afterEach(async () => {
  await dispatcher?.stop();
  await sender?.close();
  dispatcher = undefined;
  await pool.query('DELETE FROM webhooks');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

test('an edit changes what is delivered: a type taken off is not, one added is; the trail names the fields', async () => {
  const r = await receiver();
  const { webhook } = await store.create({ url: r.url, eventTypes: ['load.*'], description: 'before' }, ADMIN);
  startDispatcher();
  await load(1);
  await until(() => r.types.length === 1);

  const updated = await store.update(webhook.id, { eventTypes: ['card.created'], description: 'after' }, ADMIN);
  expect(updated).toMatchObject({ id: webhook.id, url: r.url, eventTypes: ['card.created'], description: 'after' });
  await load(2);
  await card(7);
  await until(() => r.types.length === 2);
  await settle();
  expect(r.types).toEqual(['load.succeeded', 'card.created']);
  expect((await store.list()).find((w) => w.id === webhook.id)).toEqual(updated);

  expect(await actions(webhook.id)).toEqual([
    { method: 'create_webhook', webhook: webhook.id },
    { method: 'update_webhook', webhook: webhook.id, fields: ['event_types', 'description'] },
  ]);
  await r.close();
});

test('an edit of the url sends later deliveries there; an unknown endpoint is null and leaves no event', async () => {
  const first = await receiver();
  const second = await receiver();
  const { webhook } = await store.create({ url: first.url, eventTypes: ['card.*'], description: '' }, ADMIN);
  expect(await store.update(webhook.id, { url: second.url }, ADMIN)).toMatchObject({ url: second.url });
  startDispatcher();
  await card(1);
  await until(() => second.types.length === 1);
  expect(first.types).toEqual([]);

  const unknown = 'wh_00000000000000000000000000';
  expect(await store.update(unknown, { description: 'x' }, ADMIN)).toBeNull();
  expect(await store.disable(unknown, 'x', ADMIN)).toBeNull();
  expect(await actions(unknown)).toEqual([]);
  await Promise.all([first.close(), second.close()]);
});

test('a disabled endpoint gets nothing made meanwhile; its pending deliveries wait and go once enabled', async () => {
  const r = await receiver();
  const { webhook } = await store.create({ url: r.url, eventTypes: ['load.*', 'card.*'], description: '' }, ADMIN);
  // A delivery made (fanned out) before the disable, still pending when it comes.
  await load(1);
  const queue = new PgDeliveryQueue(pool, secrets);
  await queue.fanOut(100);
  expect((await store.deliveries(webhook.id, 10)).map((d) => d.status)).toEqual(['pending']);

  const disabled = await store.disable(webhook.id, 'receiver moving', ADMIN);
  expect(disabled).toMatchObject({ enabled: false, disabledReason: 'receiver moving' });
  // Disabled again: still off, the first reason kept.
  expect(await store.disable(webhook.id, 'again', ADMIN)).toMatchObject({
    enabled: false,
    disabledReason: 'receiver moving',
  });
  expect(await store.disabledCount()).toBe(1);

  startDispatcher();
  await card(2);
  await settle();
  expect(r.types).toEqual([]);
  expect((await store.deliveries(webhook.id, 10)).map((d) => [d.eventType, d.status])).toEqual([
    ['load.succeeded', 'pending'],
  ]);

  expect(await store.enable(webhook.id, ADMIN)).toMatchObject({ enabled: true, disabledReason: null });
  await until(() => r.types.length === 1);
  await card(3);
  await until(() => r.types.length === 2);
  await settle();
  // The card made while it was off is never delivered; the one made after is.
  expect(r.types).toEqual(['load.succeeded', 'card.created']);
  expect((await actions(webhook.id)).map((a) => a.method)).toEqual([
    'create_webhook',
    'disable_webhook',
    'disable_webhook',
    'enable_webhook',
  ]);
  await r.close();
});
