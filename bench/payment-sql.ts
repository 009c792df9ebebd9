// The SQL floor of a card load: the statements the payment service runs for one load, recorded from the
// service's own ledger store and domain (PostgresLedgerStore and Payments, on a pool that notes every
// query), turned into a pgbench script, and run by pgbench on the same database. The script is made
// from what the code runs at bench time, so it cannot drift from it: change the ledger's SQL and the
// floor follows.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createLogger } from '@gatehouse/logger';
import type { Pool, PoolClient } from 'pg';
import { loadPaymentConfig } from '../services/payment/src/config';
import { createPool } from '../services/payment/src/db';
import { PostgresLedgerStore, postgresLedger } from '../services/payment/src/ledger';
import { Payments } from '../services/payment/src/payments';
import { InProcessDevProcessor, startDevProcessor } from '../services/payment/src/processor/dev';
import { cpuMs, postgresBackendsCpu } from './harness';
import { OWNER_BASE, pgbenchScript, type Recorded } from './pgbench-script';

const run = promisify(execFile);

/** The gateway run's amount (1.00): an amount no id equals, so ids and constants are told apart. */
const RECORDED_AMOUNT_CENTS = 100;

/** A pg query's text and values, whichever form the caller used. */
function queryOf(args: unknown[]): Omit<Recorded, 'firstRow' | 'trip'> {
  const [first, second] = args;
  if (typeof first === 'string') return { text: first, values: (second as unknown[]) ?? [], named: false };
  const c = first as { text: string; values?: unknown[]; name?: string };
  return { text: c.text, values: c.values ?? [], named: c.name !== undefined };
}

/** Wraps `query` of a pool or client so every statement, its round trip and its first result row are noted. */
const wrapped = new WeakSet<object>();
const trips = { current: 0, unanswered: 0 };
function recording<T extends Pool | PoolClient>(target: T, log: Recorded[]): T {
  if (wrapped.has(target)) return target;
  wrapped.add(target);
  const query = target.query.bind(target) as (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    // The callback form is pg-pool's own (pool.query on a client): the pool's call is recorded already.
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return record(args);
  };
  const record = async (args: unknown[]) => {
    if (trips.unanswered === 0) trips.current++;
    const entry: Recorded = { ...queryOf(args), firstRow: undefined, trip: trips.current };
    log.push(entry);
    trips.unanswered++;
    try {
      const result = await query(...args);
      entry.firstRow = result?.rows?.[0];
      return result;
    } finally {
      trips.unanswered--;
    }
  };
  return target;
}

/** One card load through the service's own domain and store, with every statement it ran. */
async function recordOneLoad(databaseUrl: string, env: Record<string, string>) {
  const statements: Recorded[] = [];
  const pool = createPool(databaseUrl, { max: 1 });
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  // pg-pool's own calls pass a callback (pool.query): only the store's checkouts are wrapped.
  (pool as { connect: unknown }).connect = (...args: unknown[]) =>
    typeof args[0] === 'function'
      ? (connect as (...a: unknown[]) => unknown)(...args)
      : connect().then((client) => recording(client, statements));
  recording(pool, statements);
  const dev = await startDevProcessor();
  try {
    const config = loadPaymentConfig({ DATABASE_URL: databaseUrl, ...env });
    const store = new PostgresLedgerStore(pool);
    const ownerId = String(OWNER_BASE - 1);
    const card = await store.createCard(ownerId, 'recorded load', new Date(), 1);
    if (!card) throw new Error('the recording owner already has a card');
    const payments = new Payments({
      ...postgresLedger(pool),
      store,
      processor: new InProcessDevProcessor(dev, 1000),
      rules: config.rules,
      log: createLogger({ name: 'bench-record', level: 'silent' }),
    });
    statements.length = 0;
    const answer = await payments.loadCard({
      ownerId,
      cardId: card.id,
      amountCents: RECORDED_AMOUNT_CENTS,
      nonce: 'fake-valid-nonce',
    });
    if (answer.status !== 'succeeded') throw new Error(`the recorded load ${answer.status}`);
    return { statements, ownerId, cardId: card.id, loadId: answer.loadId };
  } finally {
    await dev.close();
    await pool.end();
  }
}

export interface PgbenchRun {
  clients: number;
  tps: number;
  latencyMs: number;
  /** CPU microseconds per load of pgbench itself and of its Postgres backends (sampled from /proc). */
  cpuUsPerLoad: { pgbench: number; postgres: number };
}

export interface SqlFloor {
  statements: number;
  roundTrips: number;
  mode: string;
  /** One pgbench run of `durationSec` at `clients` clients (fsync as the server has it). */
  run(clients: number, durationSec: number): Promise<PgbenchRun>;
  close(): void;
}

/**
 * Records a load and gives each of `maxClients` pgbench clients an owner and a card on the database;
 * the runs come after, when the caller wants them (interleaved with the gateway's, on a noisy machine).
 */
export async function prepareSqlFloor(options: {
  databaseUrl: string;
  env: Record<string, string>;
  maxClients: number;
  log: (line: string) => void;
}): Promise<SqlFloor> {
  // The clients' cards first, so the recorded card's id is not the recorded load's (both name a number).
  const cardBase = await createClientCards(options.databaseUrl, options.maxClients);
  const recorded = await recordOneLoad(options.databaseUrl, options.env);
  const sql = pgbenchScript(recorded.statements, recorded, cardBase, await loadIdSequence(options.databaseUrl));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-pgbench-'));
  const file = path.join(dir, 'card-load.sql');
  writeFileSync(file, sql.script);
  options.log(
    `pgbench script (${sql.roundTrips} round trips a load, ${sql.statements} statements, -M ${sql.mode}), from the service's code:`,
  );
  for (const line of sql.script.trimEnd().split('\n')) options.log(`  | ${line.replace(/\s+/g, ' ').trim()}`);
  const url = new URL(options.databaseUrl);
  return {
    statements: sql.statements,
    roundTrips: sql.roundTrips,
    mode: sql.mode,
    async run(clients, durationSec) {
      const args = [
        ...['-n', '-M', sql.mode, '-f', file, '-T', String(durationSec)],
        ...['-c', String(clients), '-j', String(Math.min(clients, 2))],
        ...sql.defines.flatMap((d) => ['-D', d]),
        ...['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')],
        url.pathname.slice(1),
      ];
      // pgbench's backends end with it: their CPU time is sampled while they run (the last 200 ms of
      // each are missed, a few per cent of a 5 s run).
      const database = url.pathname.slice(1);
      const before = postgresBackendsCpu(database);
      const seen = new Map<number, number>();
      const running = run('pgbench', args, {
        env: { ...process.env, PGOPTIONS: '-c search_path=payment', PGPASSWORD: decodeURIComponent(url.password) },
      });
      let pgbenchMs = 0;
      const sample = () => {
        for (const [pid, ms] of postgresBackendsCpu(database)) seen.set(pid, ms);
        pgbenchMs = cpuMs(running.child.pid) ?? pgbenchMs;
      };
      const sampler = setInterval(sample, 200);
      const { stdout } = await running.finally(() => clearInterval(sampler));
      const postgresMs = [...seen].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
      const loads = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0);
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(tps) || !Number.isFinite(latencyMs) || failed > 0)
        throw new Error(`pgbench gave no usable figures:\n${stdout}`);
      const perLoad = (ms: number) => (ms * 1000) / Math.max(1, loads);
      return { clients, tps, latencyMs, cpuUsPerLoad: { pgbench: perLoad(pgbenchMs), postgres: perLoad(postgresMs) } };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The sequence of the loads' ids, schema-qualified. */
async function loadIdSequence(databaseUrl: string): Promise<string> {
  const pool = createPool(databaseUrl, { max: 1 });
  try {
    const { rows } = await pool.query<{ seq: string }>("SELECT pg_get_serial_sequence('loads', 'id') AS seq");
    return rows[0]!.seq;
  } finally {
    await pool.end();
  }
}

/** Cards for owners OWNER_BASE + 0..n-1 with consecutive ids; returns the first id. */
async function createClientCards(databaseUrl: string, n: number): Promise<number> {
  const pool = createPool(databaseUrl, { max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO cards (owner_id, name, created_at)
       SELECT ($1::bigint + i)::text, 'pgbench card', now() FROM generate_series(0, $2::int - 1) AS i ORDER BY i
       RETURNING id`,
      [OWNER_BASE, n],
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    if (ids[ids.length - 1]! - ids[0]! !== n - 1) throw new Error('pgbench cards did not get consecutive ids');
    return ids[0]!;
  } finally {
    await pool.end();
  }
}
