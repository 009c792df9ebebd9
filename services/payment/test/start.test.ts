// Payment's start (issue 44): it migrates its own schema before it serves, not from its health check,
// and makes nothing in the audit trail's schema: it answers NOT_SERVING until auth's migrations made
// the trail, then SERVING, or its start fails naming them when they never come. And a start that fails
// late closes what it opened, in reverse: no server, no Postgres connection, no timer left behind.
import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { checkHealth } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase as bareDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort } from '@gatehouse/test-kit/stack';
import { migrateTrail } from '@gatehouse/test-kit/trail';
import { until } from '@gatehouse/test-kit/until';
import { Client } from 'pg';
import { loadPaymentConfig } from '../src/config';
import { startPaymentService } from '../src/service';
import { createTestDatabase } from './db';

const ROOT = path.resolve(__dirname, '../../..');
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

async function database(withTrail: boolean): Promise<TestDatabase> {
  const db = withTrail ? await createTestDatabase() : await bareDatabase('gh_payment_start');
  databases.push(db);
  return db;
}

async function query<R>(db: TestDatabase, text: string): Promise<R[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

/** Payment's connections to `db` (its pool names itself gatehouse-payment). */
const paymentConnections = (db: TestDatabase) =>
  query<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = '${new URL(db.url).pathname.slice(1)}' AND application_name = 'gatehouse-payment'`,
  ).then((rows) => rows[0]?.n ?? 0);

const configFor = (db: TestDatabase, port: number) =>
  loadPaymentConfig({
    DATABASE_URL: db.url,
    DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
    PAYMENT_GRPC_PORT: String(port),
    METRICS_PORT: '0',
  });

test("it makes nothing in the trail's schema and answers NOT_SERVING, its own schema migrated, until auth's migrations made the trail", async () => {
  const db = await database(false);
  const port = await freePort();
  const out = new PassThrough();
  let logged = '';
  out.on('data', (chunk) => (logged += chunk));
  const starting = startPaymentService(configFor(db, port), {
    log: createLogger({ name: 'payment', destination: out }),
  });
  try {
    await until(() => logged.includes("waiting for auth's migrations to make it"), 20_000);
    expect(await checkHealth(`127.0.0.1:${port}`)).toBe('NOT_SERVING');
    expect(await query(db, 'SELECT name FROM payment.payment_migrations')).not.toEqual([]);
    expect(await query(db, "SELECT to_regnamespace('events') AS events")).toEqual([{ events: null }]);

    await migrateTrail(db.url, db.transactionPooling);
  } finally {
    const service = await starting;
    try {
      expect(await checkHealth(`127.0.0.1:${port}`)).toBe('SERVING');
      const card = await service.payments.createCard('dev_started', 'card');
      const written = await query(db, `SELECT type, data FROM events.events WHERE subject_user = 'dev_started'`);
      expect(written).toEqual([{ type: 'card.created', data: { card_id: card.id } }]);
    } finally {
      await service.stop();
    }
  }
}, 60_000);

test("a start whose trail never comes fails, naming auth's migrations, and leaves no connection open", async () => {
  const db = await database(false);
  const starting = startPaymentService(configFor(db, await freePort()), {
    log: createLogger({ name: 'payment', level: 'silent' }),
    trailWaitMs: 500,
  });
  await expect(starting).rejects.toThrow(
    /audit trail \(schema events\) is not there .*auth makes it with its migrations/,
  );
  await until(async () => (await paymentConnections(db)) === 0, 10_000);
  expect(await query(db, "SELECT to_regnamespace('events') AS events")).toEqual([{ events: null }]);
}, 30_000);

describe('a start that fails late', () => {
  let taken: net.Server;
  let takenPort: number;
  beforeAll(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it.each(['PAYMENT_GRPC_PORT', 'METRICS_PORT'])(
    'with %s taken closes what it opened: the process exits on its own, no connection left',
    async (setting) => {
      const db = await database(true);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: db.url,
        DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
        PAYMENT_GRPC_PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        METRICS_HOST: '127.0.0.1',
        PAYMENT_DEV_PROCESSOR: 'true',
        PAYMENT_DEV_PROCESSOR_PORT: String(await freePort()),
        [setting]: String(takenPort),
      };
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'services/payment/test/failed-start.fixture.ts')],
        { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      let code: number | null | undefined;
      child.on('exit', (c) => (code = c));
      try {
        await until(() => output.includes('start failed'), 20_000);
        expect(output).toMatch(/start failed: .*EADDRINUSE/);
        await until(async () => (await paymentConnections(db)) === 0, 10_000);
        await until(() => code !== undefined, 15_000).catch(() => {
          throw new Error(`the process did not exit on its own after its start failed:\n${output}`);
        });
        expect(code).toBe(1);
      } finally {
        child.kill('SIGKILL');
      }
    },
    60_000,
  );
});
