// The ledger under faults, against real Postgres and the loopback Braintree gateway: a load whose
// outcome cannot be recorded is answered as unknown (never as a plain failure a client would retry),
// shutdown waits for loads in flight, and reconciliation drains a whole backlog in one round.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-faults', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
let owner = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 10, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  fake = await startDevProcessor({ recordRequests: true });
});

afterAll(async () => {
  await db?.allowConnections();
  await pool?.end();
  await fake?.close();
  await db?.drop();
});

function setup(clock?: () => Date) {
  const payments = testPayments(pool, fake, log, { clock });
  owner += 1;
  return { payments, ownerId: `dev_faults${owner}_${Date.now()}` };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a charge the ledger cannot record is answered as an unknown outcome, then reconciled as succeeded', async () => {
  let now = new Date('2021-03-01T00:00:00Z');
  const { payments, ownerId } = setup(() => now);
  const card = await payments.createCard(ownerId, 'outage');
  fake.slowMs = 800;
  fake.faults.push('charge-slowly');
  const approvedBefore = fake.approved.size;
  const answer = payments.loadCard({ ownerId, cardId: card.id, amountCents: 12_345, nonce: 'fake-valid-nonce' });
  await sleep(300); // reserved and sent; Postgres goes away before the answer comes back
  await db.refuseConnections();
  try {
    expect(await answer).toMatchObject({
      status: 'unknown',
      errors: [{ code: 'processor-unavailable', message: expect.stringContaining('same Idempotency-Key') }],
    });
  } finally {
    await db.allowConnections();
  }
  expect(fake.approved.size - approvedBefore).toBe(1); // the processor did charge
  now = new Date(now.getTime() + 11 * 60_000);
  expect(await payments.reconcile()).toMatchObject({ succeeded: 1, stillUnknown: 0 });
  expect((await payments.listCards(ownerId)).cards[0]?.balanceCents).toBe(12_345);
});

test('drain waits until a load that reached the processor is settled', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'shutdown');
  fake.slowMs = 1_000;
  fake.faults.push('charge-slowly');
  const answer = payments.loadCard({ ownerId, cardId: card.id, amountCents: 1_000, nonce: 'fake-valid-nonce' });
  await sleep(200);
  await payments.drain(5_000);
  const [row] = await payments.listLoads(ownerId, card.id);
  expect(row?.status).toBe('succeeded'); // settled before drain returned: the pool may close now
  expect((await answer).status).toBe('succeeded');
  // Once draining, a new load is refused before it starts (another replica takes it): nothing reserved.
  await expect(
    payments.loadCard({ ownerId, cardId: card.id, amountCents: 500, nonce: 'fake-valid-nonce' }),
  ).rejects.toMatchObject({ code: 'DRAINING', kind: 'unavailable' });
  expect(await payments.listLoads(ownerId, card.id)).toHaveLength(1);
});

test('reconciliation drains a backlog of hundreds in one round', async () => {
  let now = new Date('2022-05-01T00:00:00Z');
  const { payments, ownerId } = setup(() => now);
  const card = await payments.createCard(ownerId, 'backlog');
  const count = 230; // more than two pages
  for (let i = 0; i < count; i++) {
    fake.faults.push(i % 2 === 0 ? 'server-error' : 'charge-then-server-error');
    const a = await payments.loadCard({ ownerId, cardId: card.id, amountCents: 1, nonce: 'fake-valid-nonce' });
    expect(a.status).toBe('unknown');
  }
  now = new Date(now.getTime() + 11 * 60_000);
  const report = await payments.reconcile();
  expect(report).toEqual({ checked: count, succeeded: count / 2, failed: count / 2, stillUnknown: 0 });
  expect((await payments.listCards(ownerId)).cards[0]?.balanceCents).toBe(count / 2);
}, 60_000);
