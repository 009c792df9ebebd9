// Two payment replicas on one database: the reconciler runs one round at a time across them (a
// transaction-scoped advisory lock, so it also holds behind a transaction-mode pooler). No load is
// looked up or settled twice, and both replicas do run rounds.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-reconcile-lock', level: 'silent' });
let db: TestDatabase;
let pools: Pool[];
let fake: DevProcessor;

beforeAll(async () => {
  db = await createTestDatabase();
  pools = [1, 2].map(() => createPool(db.url, { max: 4, transactionPooling: db.transactionPooling }));
  await runMigrations(pools[0]!);
  fake = await startDevProcessor({ recordRequests: true });
});

afterAll(async () => {
  for (const p of pools ?? []) await p.end();
  await fake?.close();
  await db?.drop();
});

const searches = () => fake.requests.filter((r) => r.path.includes('search')).length;

test('two replicas never reconcile at once, and each runs its rounds', async () => {
  let now = new Date('2023-02-01T00:00:00Z');
  const clock = () => now;
  const [a, b] = pools.map((pool) => testPayments(pool, fake, log, { clock }));
  const ownerId = `dev_reconcile_lock_${Date.now()}`;
  const card = await a!.createCard(ownerId, 'lock');
  const count = 40;
  for (let i = 0; i < count; i++) {
    fake.faults.push(i % 2 === 0 ? 'server-error' : 'charge-then-server-error');
    const answer = await a!.loadCard({ ownerId, cardId: card.id, amountCents: 1, nonce: 'fake-valid-nonce' });
    expect(answer.status).toBe('unknown');
  }
  now = new Date(now.getTime() + 11 * 60_000);
  const before = searches();
  // Both replicas' timers fire together: one round runs, the other is skipped.
  const reports = await Promise.all([a!.reconcile({ skipIfBusy: true }), b!.reconcile({ skipIfBusy: true })]);
  expect(reports.filter((r) => r.skipped)).toHaveLength(1);
  const ran = reports.find((r) => !r.skipped)!;
  expect(ran).toEqual({ checked: count, succeeded: count / 2, failed: count / 2, stillUnknown: 0 });
  // Each load looked up once: the SDK's search asks for the ids, then fetches the sales found (half).
  expect(searches() - before).toBe(count + count / 2);
  // The other replica runs the next round (nothing left), and either runs once the lock is free.
  expect(await b!.reconcile({ skipIfBusy: true })).toEqual({ checked: 0, succeeded: 0, failed: 0, stillUnknown: 0 });
  expect(await a!.reconcile({ skipIfBusy: true })).toEqual({ checked: 0, succeeded: 0, failed: 0, stillUnknown: 0 });
  expect((await a!.listCards(ownerId)).cards[0]?.balanceCents).toBe(count / 2);
  // A round asked for (not the timer's) waits for the running one instead of skipping.
  for (let i = 0; i < 4; i++) {
    fake.faults.push('charge-then-server-error');
    await b!.loadCard({ ownerId, cardId: card.id, amountCents: 1, nonce: 'fake-valid-nonce' });
  }
  now = new Date(now.getTime() + 11 * 60_000);
  const [first, second] = await Promise.all([a!.reconcile(), b!.reconcile()]);
  expect([first!.checked, second!.checked].sort()).toEqual([0, 4]);
  expect(first!.skipped ?? second!.skipped).toBeUndefined();
  expect((await a!.listCards(ownerId)).cards[0]?.balanceCents).toBe(count / 2 + 4);
}, 60_000);
