// Velocity rules across two payment services on one database (issue 49 §2), as two replicas run: a rule
// made over gRPC on one applies to the next load on the other (NOTIFY), its firing is counted by the
// other's Prometheus counter by rule, action and mode, and a dry-run rule lets the load through. Each
// replica's gauge of the rules it holds says when a change is in force there (and is waited for).
import { createClient } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { freePort } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { loadPaymentConfig } from '../src/config';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { type RunningPaymentService, startPaymentService } from '../src/service';
import { createTestDatabase, type TestDatabase } from './db';

const log = createLogger({ name: 'payment-velocity-replicas', level: 'silent' });
let db: TestDatabase;
let fake: DevProcessor;
const replicas: { service: RunningPaymentService; client: ReturnType<typeof paymentClient>; metrics: number }[] = [];

function paymentClient(port: number) {
  const { grpcObject } = loadProto('payment');
  return createClient(grpcObject.payment.v1.PaymentService, `127.0.0.1:${port}`, { deadlineMs: 10_000 });
}

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startDevProcessor({});
  for (let i = 0; i < 2; i++) {
    const metrics = await freePort();
    const config = loadPaymentConfig({
      DATABASE_URL: db.url,
      DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
      PAYMENT_GRPC_PORT: '0',
      METRICS_PORT: String(metrics),
      PROCESSOR_MERCHANT_ID: fake.merchantId,
      PROCESSOR_PUBLIC_KEY: fake.publicKey,
      PROCESSOR_PRIVATE_KEY: fake.privateKey,
      PROCESSOR_GATEWAY_URL: fake.url,
    });
    const service = await startPaymentService(config, { log });
    replicas.push({ service, client: paymentClient(service.port), metrics });
  }
}, 60_000);

afterAll(async () => {
  for (const r of replicas) {
    r.client.close();
    await r.service.stop();
  }
  await fake?.close();
  await db?.drop();
});

async function series(metricsPort: number, name: string): Promise<string[]> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith(`${name}{`));
}
const fired = (metricsPort: number) => series(metricsPort, 'gatehouse_payment_velocity_fired_total');

/**
 * Until every replica holds exactly these rule series (NOTIFY brings a change in milliseconds; behind
 * transaction pooling the 5 s re-read does): read off each one's own gauge, not from the database.
 */
async function heard(expected: string[]): Promise<void> {
  await until(
    async () => {
      for (const r of replicas) {
        const held = await series(r.metrics, 'gatehouse_payment_velocity_rule_threshold');
        if (held.join('\n') !== expected.join('\n')) return false;
      }
      return true;
    },
    { ms: 20_000, what: `every replica to hold ${expected.join(', ') || 'no rule'}` },
  );
}
const ruleSeries = (mode: string, threshold: number) =>
  `gatehouse_payment_velocity_rule_threshold{rule="one-per-card",action="block",mode="${mode}",subject="card",counts="loads",process="payment"} ${threshold}`;

test('a rule made on one replica applies to the next load on the other, counted there by rule, action and mode', async () => {
  const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
  const ownerId = `dev_replicas_${Date.now()}`;
  const { card } = await b.client.call.createCard({ ownerId, name: 'two replicas' });
  const load = () =>
    b.client.call.loadCard({
      ownerId,
      cardId: card!.id,
      nonce: 'fake-valid-nonce',
      amountCents: 100,
      clientAddress: '198.51.100.20',
    });
  expect((await load()).status).toBe('LOAD_STATUS_SUCCEEDED');

  const rule = { name: 'one-per-card', subject: 'card', counts: 'loads', threshold: 1, window: '1h', action: 'block' };
  expect(await a.client.call.createVelocityRule({ admin: 'alice', rule })).toMatchObject({
    ...rule,
    threshold: '1',
    source: 'admin',
  });
  await heard([ruleSeries('enforce', 1)]);
  const refused = await load();
  expect(refused).toMatchObject({
    status: 'LOAD_STATUS_REFUSED',
    errors: [{ code: 'velocity', message: 'velocity rule "one-per-card": 1 + 1 > 1 loads per card (1h)' }],
  });
  expect(await fired(b.metrics)).toEqual([
    'gatehouse_payment_velocity_fired_total{rule="one-per-card",action="block",mode="enforce",process="payment"} 1',
  ]);
  expect(await fired(a.metrics)).toEqual([]);

  await a.client.call.updateVelocityRule({ admin: 'alice', rule: { ...rule, mode: 'dry_run' } });
  await heard([ruleSeries('dry_run', 1)]);
  expect((await load()).status).toBe('LOAD_STATUS_SUCCEEDED');
  expect(await fired(b.metrics)).toEqual([
    'gatehouse_payment_velocity_fired_total{rule="one-per-card",action="block",mode="enforce",process="payment"} 1',
    'gatehouse_payment_velocity_fired_total{rule="one-per-card",action="block",mode="dry_run",process="payment"} 1',
  ]);
  const { rows } = await replicas[0]!.service.pool.query(
    `SELECT data->>'mode' AS mode, client_address FROM events.events WHERE type = 'velocity.fired' ORDER BY id`,
  );
  expect(rows).toEqual([
    { mode: 'enforce', client_address: '198.51.100.20' },
    { mode: 'dry_run', client_address: '198.51.100.20' },
  ]);

  // Deleted on one replica: gone from every replica's rules.
  await b.client.call.deleteVelocityRule({ admin: 'alice', name: 'one-per-card' });
  await heard([]);
});

/** One series' value on a replica's metrics, or undefined when it has none. */
async function value(metricsPort: number, name: string, labels: string): Promise<number | undefined> {
  const line = (await series(metricsPort, name)).find((l) => l.startsWith(`${name}{${labels},`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

test("each replica's gauges say it hears changes of the settings it holds, and how many limit policies it holds", async () => {
  const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
  const held = (r: typeof a) =>
    Promise.all([
      value(r.metrics, 'gatehouse_payment_limit_policies_held', 'scope="user"'),
      value(r.metrics, 'gatehouse_payment_limit_policies_held', 'scope="card"'),
    ]);
  for (const r of replicas) {
    for (const settings of ['limit_policies', 'velocity_rules']) {
      expect(await value(r.metrics, 'gatehouse_payment_settings_listening', `settings="${settings}"`)).toBe(1);
      const readAt = await value(
        r.metrics,
        'gatehouse_payment_settings_read_timestamp_seconds',
        `settings="${settings}"`,
      );
      expect(readAt).toBeGreaterThan(Date.now() / 1000 - 600);
    }
    expect(await held(r)).toEqual([0, 0]);
  }
  const ownerId = `dev_held_${Date.now()}`;
  const policy = { scope: 'user', subject: ownerId, window: '1 day', maxCents: '5000', maxCount: '-1' };
  await a.client.call.putLimitPolicy({ admin: 'alice', policy });
  await a.client.call.putLimitPolicy({ admin: 'alice', policy: { ...policy, scope: 'card', subject: '1' } });
  await until(async () => (await held(b)).join() === '1,1', { what: 'the other replica holding both policies' });

  // The listening connections cut (a failover, a pooler's restart): each replica listens and reads again.
  const before = await value(
    b.metrics,
    'gatehouse_payment_settings_read_timestamp_seconds',
    'settings="limit_policies"',
  );
  await a.service.pool.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
  );
  await until(
    async () =>
      ((await value(b.metrics, 'gatehouse_payment_settings_read_timestamp_seconds', 'settings="limit_policies"')) ??
        0) > (before ?? 0) &&
      (await value(b.metrics, 'gatehouse_payment_settings_listening', 'settings="limit_policies"')) === 1,
    { what: 'the replica listening again and reading the policies again' },
  );
  await a.client.call.deleteLimitPolicy({ admin: 'alice', scope: 'user', subject: ownerId, window: '1 day' });
  await a.client.call.deleteLimitPolicy({ admin: 'alice', scope: 'card', subject: '1', window: '1 day' });
  await until(async () => (await held(b)).join() === '0,0', { what: 'the other replica holding neither' });
});
