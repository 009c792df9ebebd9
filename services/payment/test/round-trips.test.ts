// A card load's round trips to Postgres, counted on the pool's own connections as the writes to their
// sockets (issue 24): BEGIN, the owner's lock and the card with the limits' totals in one, the
// reservation with COMMIT in the next, then the settle. And the lock sent with BEGIN is the owner's one
// lock: a load waits for whoever holds it, so two concurrent loads of one owner are checked one after
// the other and never both pass a limit only one fits.
import type { Writable } from 'node:stream';
import { createLogger } from '@gatehouse/logger';
import { Client, type Pool, type PoolClient } from 'pg';
import { createPool } from '../src/db';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-test', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
/** Writes to the sockets of `pool`'s connections so far. */
let writes = 0;
/** Every query text sent on a connection of `pool`, in order, with the write that carried it. */
const sent: { text: string; write: number }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4, transactionPooling: db.transactionPooling });
  // Ahead of the pool's own listener, so this wraps the connection's query itself and sees what reaches
  // the server (behind a pooler: rewritten, the SET LOCALs in).
  pool.prependListener('connect', (client: PoolClient) => {
    const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
    for (const method of ['_write', '_writev'] as const) {
      const original = socket[method]?.bind(socket) as ((...a: unknown[]) => void) | undefined;
      if (!original) continue;
      (socket as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        writes++;
        return original(...args);
      };
    }
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
      // A statement sent while the socket is corked goes out with the next write, as the others sent then.
      sent.push({ text: typeof first === 'string' ? first : (first as { text: string }).text, write: writes });
      return query(first, ...rest);
    };
  });
  await runMigrations(pool);
  fake = await startDevProcessor();
});

afterAll(async () => {
  await pool?.end();
  await fake?.close();
  await db?.drop();
});

/** The statements sent since `sent` was emptied, one line each, grouped by the write that carried them. */
function roundTrips(): string[][] {
  const trips = new Map<number, string[]>();
  for (const { text, write } of sent) {
    trips.set(write, [...(trips.get(write) ?? []), text.replace(/\s+/g, ' ').trim()]);
  }
  return [...trips.values()];
}

/**
 * BEGIN (behind a pooler, the SET LOCALs in its simple query), then the owner's lock as a prepared
 * statement with the key as its parameter.
 */
const beginAndLock = () => [
  expect.stringMatching(new RegExp(`^BEGIN${db.transactionPooling ? '(; SET LOCAL [^;]+)+;?' : ''}$`)),
  'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
];
const cardAndTotals = expect.stringMatching(/^SELECT c\.\*, .* FROM cards c WHERE c\.id = \$1 AND c\.owner_id = \$2$/);
const reservation = expect.stringMatching(/^WITH inserted AS \( INSERT INTO loads /);
const settle = expect.stringMatching(/^WITH settled AS \( UPDATE loads /);

test('a load makes three round trips: BEGIN, lock, card and totals; reservation and COMMIT; settle', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'round trips');
  sent.length = 0;
  const before = writes;
  const answer = await payments.loadCard({ ownerId, cardId: card.id, amountCents: 100, nonce: 'fake-valid-nonce' });
  expect(answer.status).toBe('succeeded');
  expect(roundTrips()).toEqual([
    [...beginAndLock(), cardAndTotals],
    [reservation, 'COMMIT'],
    // Behind a transaction-mode pooler a statement outside a transaction gets one of its own, in the same write.
    db.transactionPooling ? [expect.stringMatching(/^BEGIN; SET LOCAL /), settle, 'COMMIT'] : [settle],
  ]);
  expect(writes - before).toBe(3);
});

test('a load with an Idempotency-Key looks the key up in the first round trip, and its replay two', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_key_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'keyed');
  const keyed = { ownerId, cardId: card.id, amountCents: 100, nonce: 'fake-valid-nonce', idempotencyKey: 'k-1' };
  sent.length = 0;
  const before = writes;
  expect((await payments.loadCard(keyed)).status).toBe('succeeded');
  const byKey = expect.stringMatching(/^SELECT \* FROM loads WHERE owner_id = \$1 AND idempotency_key = \$2$/);
  expect(roundTrips().slice(0, 2)).toEqual([
    [...beginAndLock(), byKey, cardAndTotals],
    [reservation, 'COMMIT'],
  ]);
  expect(writes - before).toBe(3);
  sent.length = 0;
  const again = await payments.loadCard(keyed);
  expect(again).toMatchObject({ status: 'succeeded', replayed: true, balanceCents: 100 });
  expect(roundTrips()).toEqual([[...beginAndLock(), byKey, cardAndTotals], ['COMMIT']]);
});

test('a new card is one round trip: BEGIN with the lock, the insert and COMMIT', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_card_${Date.now()}`;
  sent.length = 0;
  const before = writes;
  await payments.createCard(ownerId, 'one write');
  expect(roundTrips()).toEqual([
    [...beginAndLock(), expect.stringMatching(/^WITH card AS \(\s+INSERT INTO cards /), 'COMMIT'],
  ]);
  expect(writes - before).toBe(1);
});

test('an unknown card is refused after the first round trip, nothing reserved', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_none_${Date.now()}`;
  const other = await payments.createCard(`${ownerId}_other`, 'not theirs');
  sent.length = 0;
  await expect(
    payments.loadCard({ ownerId, cardId: other.id, amountCents: 100, nonce: 'fake-valid-nonce' }),
  ).rejects.toMatchObject({ kind: 'not_found', code: 'CARD_NOT_FOUND' });
  expect(roundTrips()).toEqual([[...beginAndLock(), cardAndTotals], ['ROLLBACK']]);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM loads WHERE card_id = $1', [other.id]);
  expect(rows[0].n).toBe(0);
});

/** 150.00 a day: one load of 100.00 fits, two do not. */
const oneLoadRule = standardRules({ oneDayCents: 15_000 });

test("two concurrent loads of one owner wait for the owner's lock and are checked one after the other", async () => {
  const payments = testPayments(pool, fake, log, { rules: oneLoadRule });
  const ownerId = `dev_rt_race_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'race');
  // The owner's lock, held from outside with the key as a parameter: the loads' literal key is the same.
  const holder = new Client({ connectionString: db.url });
  await holder.connect();
  let answers: Awaited<ReturnType<typeof payments.loadCard>>[];
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`payment.owner:${ownerId}`]);
    const loads = Promise.all(
      [1, 2].map(() => payments.loadCard({ ownerId, cardId: card.id, amountCents: 10_000, nonce: 'fake-valid-nonce' })),
    );
    // Both wait in their first round trip: neither has read the card nor reserved anything.
    await new Promise((r) => setTimeout(r, 300));
    const waiting = await holder.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
    );
    expect(waiting.rows[0].n).toBe(2);
    const reserved = await holder.query('SELECT count(*)::int AS n FROM payment.loads WHERE card_id = $1', [card.id]);
    expect(reserved.rows[0].n).toBe(0);
    await holder.query('COMMIT');
    answers = await loads;
  } finally {
    await holder.end();
  }
  // 100.00 + 100.00 > 150.00: whichever went first succeeded, the other saw its pending row and was refused.
  expect(answers.map((a) => a.status).sort()).toEqual(['refused', 'succeeded']);
  const { rows } = await pool.query('SELECT balance_cents::int AS b FROM cards WHERE id = $1', [card.id]);
  expect(rows[0].b).toBe(10_000);
});
