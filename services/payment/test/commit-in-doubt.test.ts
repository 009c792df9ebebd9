// A load whose reservation's COMMIT lost its connection (a network failure, a failover) is in doubt for
// the ledger (the row may exist) but not for the money: it was never sent to the processor. The caller
// hears UNAVAILABLE (nothing charged), and the same Idempotency-Key then runs the load: a reservation
// that did commit is released (failed, uncounted, its key freed) as soon as the ledger answers. A proxy
// in front of the real Postgres cuts the connection after the server committed, or before the COMMIT
// reached it.
import { createLogger } from '@gatehouse/logger';
import { type CommitCutter, startCommitCutter } from '@gatehouse/test-kit/servers/commit-cutter';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { standardRules } from '../src/limits';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'commit-in-doubt', level: 'silent' });
let db: TestDatabase;
let direct: Pool;
let cutter: CommitCutter;
let proxied: Pool;
let fake: DevProcessor;

beforeAll(async () => {
  db = await createTestDatabase();
  direct = createPool(db.url, { max: 2, transactionPooling: db.transactionPooling });
  await runMigrations(direct);
  cutter = await startCommitCutter(db.url);
  proxied = createPool(cutter.url, { max: 2, transactionPooling: db.transactionPooling });
  fake = await startDevProcessor();
});

afterAll(async () => {
  await proxied?.end();
  await cutter?.close();
  await direct?.end();
  await fake?.close();
  await db?.drop();
});

/** A 1-day limit of exactly one load of 10.00: a reservation that kept counting would refuse the retry. */
const setup = async (name: string) => {
  const payments = testPayments(proxied, fake, log, { rules: standardRules({ oneDayCents: 1_000 }) });
  const ownerId = `dev_${name}_${Date.now()}`;
  const card = await payments.createCard(ownerId, name);
  const load = () =>
    payments.loadCard({
      ownerId,
      cardId: card.id,
      amountCents: 1_000,
      nonce: 'fake-valid-nonce',
      idempotencyKey: name,
    });
  const rows = async () =>
    (
      await direct.query<{ status: string; idempotency_key: string | null; errors: { code: string }[] }>(
        'SELECT status, idempotency_key, errors FROM loads WHERE owner_id = $1 ORDER BY id',
        [ownerId],
      )
    ).rows;
  return { payments, ownerId, load, rows };
};

const NOTHING_CHARGED = { kind: 'unavailable', code: 'DATABASE_UNAVAILABLE', message: /nothing was charged/ };

test('a reservation committed without its answer is released, and the same key then loads once', async () => {
  const { payments, ownerId, load, rows } = await setup('after-commit');
  const sales = fake.transactions.size;
  cutter.arm('after-commit');
  await expect(load()).rejects.toMatchObject(NOTHING_CHARGED);
  expect(cutter.cuts).toBe(1);
  expect(fake.transactions.size).toBe(sales); // never sent
  // The commit did happen; the service releases it once the ledger answers (here at once).
  for (let waited = 0; (await rows())[0]?.status !== 'failed' && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await rows()).toEqual([
    { status: 'failed', idempotency_key: null, errors: [{ code: 'not-sent', message: expect.any(String) }] },
  ]);
  // The retry runs the load: under the limit (the released one stopped counting), charged once.
  expect(await load()).toMatchObject({ status: 'succeeded', replayed: false, balanceCents: 1_000 });
  expect(await load()).toMatchObject({ status: 'succeeded', replayed: true });
  expect(fake.transactions.size).toBe(sales + 1);
  expect((await payments.listCards(ownerId)).cards[0]?.balanceCents).toBe(1_000);
});

test('a COMMIT cut before it reached the server committed nothing, and the same key loads at once', async () => {
  const { load, rows } = await setup('before-commit');
  const sales = fake.transactions.size;
  cutter.arm('before-commit');
  await expect(load()).rejects.toMatchObject(NOTHING_CHARGED);
  expect([cutter.cuts, fake.transactions.size, await rows()]).toEqual([2, sales, []]);
  expect(await load()).toMatchObject({ status: 'succeeded', replayed: false, balanceCents: 1_000 });
  expect((await rows()).map((r) => r.status)).toEqual(['succeeded']);
});
