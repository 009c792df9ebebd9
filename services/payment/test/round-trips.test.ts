// A card load's round trips to Postgres, counted on the pool's own connections: BEGIN with the owner's
// lock, the card with the limits' totals, the reservation, COMMIT, the settle (issue 24). And the lock
// sent with BEGIN is the owner's one lock: a load waits for whoever holds it, so two concurrent loads
// of one owner are checked one after the other and never both pass a limit only one fits.
import { createLogger } from '@gatehouse/logger';
import { Client, type Pool, type PoolClient } from 'pg';
import { createPool } from '../src/db';
import { type DevProcessor, startDevProcessor } from '../src/dev-processor';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-test', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
/** Every query text sent on a connection of `pool`, in order. */
const sent: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 4, transactionPooling: db.transactionPooling });
  // Ahead of the pool's own listener, so this wraps the connection's query itself and sees what reaches
  // the server (behind a pooler: rewritten, the SET LOCALs in).
  pool.prependListener('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
      sent.push(typeof first === 'string' ? first : (first as { text: string }).text);
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

/** 150.00 a day: one load of 100.00 fits, two do not. */
const oneLoadRule = standardRules({ oneDayCents: 15_000 });

test('a load makes five round trips: BEGIN with the lock, card and totals, reservation, COMMIT, settle', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'round trips');
  sent.length = 0;
  const answer = await payments.loadCard({ ownerId, cardId: card.id, amountCents: 100, nonce: 'fake-valid-nonce' });
  expect(answer.status).toBe('succeeded');
  const oneLine = sent.map((t) => t.replace(/\s+/g, ' ').trim());
  const lock = `SELECT pg_advisory_xact_lock(hashtextextended('payment.owner:${ownerId}', 0))`;
  const load = [
    expect.stringMatching(
      new RegExp(`^BEGIN; (SET LOCAL [^;]+; )${db.transactionPooling ? '+' : '{0}'}${lock.replace(/[()]/g, '\\$&')}$`),
    ),
    expect.stringMatching(/^SELECT c\.\*, .* FROM cards c WHERE c\.id = \$1 AND c\.owner_id = \$2$/),
    expect.stringMatching(/^WITH inserted AS \( INSERT INTO loads /),
    'COMMIT',
  ];
  const settle = expect.stringMatching(/^WITH settled AS \( UPDATE loads /);
  // Behind a transaction-mode pooler a statement outside a transaction gets one of its own.
  expect(oneLine).toEqual(
    db.transactionPooling
      ? [...load, expect.stringMatching(/^BEGIN; SET LOCAL /), settle, 'COMMIT']
      : [...load, settle],
  );
});

test('an unknown card is refused after the same first two round trips, nothing reserved', async () => {
  const payments = testPayments(pool, fake, log);
  const ownerId = `dev_rt_none_${Date.now()}`;
  const other = await payments.createCard(`${ownerId}_other`, 'not theirs');
  sent.length = 0;
  await expect(
    payments.loadCard({ ownerId, cardId: other.id, amountCents: 100, nonce: 'fake-valid-nonce' }),
  ).rejects.toMatchObject({ kind: 'not_found', code: 'CARD_NOT_FOUND' });
  expect(sent.map((t) => t.split(/\s/)[0])).toEqual(['BEGIN;', 'SELECT', 'ROLLBACK']);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM loads WHERE card_id = $1', [other.id]);
  expect(rows[0].n).toBe(0);
});

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
