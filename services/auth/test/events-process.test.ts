// Events across processes (issue 34): auth and payment as the processes they run as, one database.
// A webhook registered over auth.v1.EventsService (as the gateway calls it) receives payment's
// card.created and load.succeeded, each verified by the `standardwebhooks` package unchanged; the
// trail is found by type prefix and by user; the deliveries are listed; and no event in the trail
// holds a token, a code, a nonce or a card number (the guard, run over every row).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { secretProblem } from '@gatehouse/events';
import { createClient, describeCallError, openInternalAuth } from '@gatehouse/grpc-kit';
import { runInTrace, traceFrom } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { type DevProcessor, startDevProcessor } from '../../payment/src/processor/dev';
import { processorEnv } from '../../payment/test/helpers';

let stack: Stack;
let db: TestDatabase;
let fake: DevProcessor;
let receiver: http.Server;
let receiverUrl: string;
const received: { headers: Record<string, string>; body: string }[] = [];

async function clients() {
  const auth = await openInternalAuth(path.join(stack.dataDir, 'internal-keys', 'gateway'), 'gateway', [
    'auth',
    'payment',
  ]);
  if (!auth) throw new Error('no internal keys');
  const events = createClient(loadProto('events').grpcObject.auth.v1.EventsService, `127.0.0.1:${stack.ports.auth}`, {
    deadlineMs: 10_000,
    credential: { auth, audience: 'auth' },
  });
  const payment = createClient(
    loadProto('payment').grpcObject.payment.v1.PaymentService,
    `127.0.0.1:${stack.ports.payment}`,
    { deadlineMs: 10_000, credential: { auth, audience: 'payment' } },
  );
  return { events, payment };
}

beforeAll(async () => {
  db = await createTestDatabase('gh_events');
  fake = await startDevProcessor({});
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  stack = await startStack({
    services: ['auth', 'payment'],
    authDatabaseUrl: db.url,
    env: { ...processorEnv(fake, '2s'), WEBHOOK_ALLOW_PRIVATE: 'true' },
    serviceEnv: { payment: { DATABASE_URL: db.url } },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await db?.drop();
});

test("a webhook gets payment's card.created and load.succeeded, signed, and the trail finds them", async () => {
  const { events, payment } = await clients();
  try {
    const made = await events.call.createWebhook({
      url: receiverUrl,
      eventTypes: ['card.*', 'load.*'],
      description: 'e2e',
      actor: { id: 'operator' },
    });
    expect(made.secret).toMatch(/^whsec_/);
    const bad = await events.call
      .createWebhook({ url: receiverUrl, eventTypes: ['lod.*'], description: '', actor: { id: 'operator' } })
      .then(
        () => null,
        (err: unknown) => describeCallError(err),
      );
    expect(bad).toMatchObject({ httpStatus: 400, message: expect.stringMatching(/matches no event type/) });

    const ownerId = 'dev_events_e2e';
    const { card } = await payment.call.createCard({ ownerId, name: 'events' });
    // The load's call carries a trace, as the gateway's calls do: its id is the answer's X-Request-Id.
    const request = traceFrom(undefined);
    const loaded = await runInTrace(request, () =>
      payment.call.loadCard({ ownerId, cardId: card!.id, nonce: 'fake-valid-nonce', amountCents: 700 }),
    );
    expect(loaded.status).toBe('LOAD_STATUS_SUCCEEDED');

    const got = await until(() => received.length >= 2 && received);
    const verified = got.map(
      (r) => new Webhook(made.secret).verify(r.body, r.headers) as { type: string; data: unknown },
    );
    expect(verified.map((v) => v.type).sort()).toEqual(['card.created', 'load.succeeded']);
    expect(verified.find((v) => v.type === 'load.succeeded')?.data).toEqual({
      load_id: Number(loaded.loadId),
      card_id: Number(card!.id),
      amount_cents: 700,
      user_id: ownerId,
    });

    const page = await events.call.queryEvents({ type: 'load.*', user: ownerId });
    expect(page.events.map((e) => [e.type, e.actorKind, e.subjectUser])).toEqual([['load.succeeded', 'user', ownerId]]);
    // Written by payment's process (its database role), not claimed by it.
    expect(page.events[0]?.source).toBeTruthy();
    const byRequest = await events.call.queryEvents({ requestId: request.traceId });
    expect(byRequest.events.map((e) => e.type)).toEqual(['load.succeeded']);
    const all = await events.call.queryEvents({ user: ownerId, limit: 1 });
    expect(all.events).toHaveLength(1);
    const older = await events.call.queryEvents({ user: ownerId, limit: 1, cursor: all.nextCursor });
    expect(older.events.map((e) => e.type)).toEqual(['card.created']);
    expect(older.nextCursor).toBe('');

    const { deliveries } = await until(async () => {
      const list = await events.call.listDeliveries({ webhookId: made.webhook!.id });
      return list.deliveries.length === 2 && list.deliveries.every((d) => d.status === 'delivered') && list;
    });
    expect(deliveries.map((d) => d.attempts.map((a) => a.statusCode))).toEqual([[200], [200]]);
  } finally {
    events.close();
    payment.close();
  }
}, 30_000);

test('no event in the trail holds a token, a code, a nonce or a card number', async () => {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT type, actor_id, subject_user, request_id, data FROM events.events');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect({ type: row.type, problem: secretProblem(row) }).toEqual({ type: row.type, problem: null });
    expect(JSON.stringify(rows)).not.toMatch(/nonce|whsec_/);
  } finally {
    await client.end();
  }
});
