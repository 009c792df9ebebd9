// Closing an owner for erasure (issue 43, S7) against real Postgres and the loopback Braintree gateway:
// refused while money is on a card or a load's outcome is open; once closed, no card and no load for the
// owner until the closure ends (a clock moved past it), and other owners are untouched.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-closures', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
let owner = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 5, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  fake = await startDevProcessor();
});

afterAll(async () => {
  await pool?.end();
  await fake?.close();
  await db?.drop();
});

let now = new Date('2024-05-01T12:00:00Z');
function setup() {
  owner += 1;
  return { payments: testPayments(pool, fake, log, { clock: () => now }), ownerId: `dev_closures${owner}` };
}

/** The domain code a call was refused with, or `done`. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'done',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

const HOUR = 3_600_000;

test('an owner without money is closed: no card, no load, until the closure ends', async () => {
  const { payments, ownerId } = setup();
  const card = await payments.createCard(ownerId, 'before');
  await payments.closeOwner(ownerId, HOUR);
  const load = () => payments.loadCard({ ownerId, cardId: card.id, amountCents: 1_000, nonce: 'fake-valid-nonce' });
  expect(await outcome(load())).toBe('OWNER_CLOSED');
  expect(await outcome(payments.createCard(ownerId, 'after'))).toBe('OWNER_CLOSED');
  // Another owner is not closed.
  const other = setup();
  expect(await outcome(other.payments.createCard(other.ownerId, 'mine'))).toBe('done');
  // Closing again extends it; past its end the owner (a new login of a new account) may load again.
  await payments.closeOwner(ownerId, 2 * HOUR);
  now = new Date(now.getTime() + HOUR + 1_000);
  expect(await outcome(load())).toBe('OWNER_CLOSED');
  now = new Date(now.getTime() + HOUR);
  expect(await load()).toMatchObject({ status: 'succeeded' });
});

test('is refused while a card holds money, or a load’s outcome is open, and closes nothing then', async () => {
  const rich = setup();
  const card = await rich.payments.createCard(rich.ownerId, 'rich');
  await rich.payments.loadCard({ ownerId: rich.ownerId, cardId: card.id, amountCents: 500, nonce: 'fake-valid-nonce' });
  expect(await outcome(rich.payments.closeOwner(rich.ownerId, HOUR))).toBe('OWNER_HAS_FUNDS');
  expect(await outcome(rich.payments.createCard(rich.ownerId, 'still open'))).toBe('done');

  const unsure = setup();
  const unsureCard = await unsure.payments.createCard(unsure.ownerId, 'unsure');
  fake.faults.push('charge-then-server-error');
  const answer = await unsure.payments.loadCard({
    ownerId: unsure.ownerId,
    cardId: unsureCard.id,
    amountCents: 700,
    nonce: 'fake-valid-nonce',
  });
  expect(answer.status).toBe('unknown');
  await expect(unsure.payments.closeOwner(unsure.ownerId, HOUR)).rejects.toThrow(/owner has funds: open_loads/);
});

test('a closure is one minute to one day long', async () => {
  const { payments, ownerId } = setup();
  for (const forMs of [0, 59_000, 86_400_001, 1.5]) {
    expect(await outcome(payments.closeOwner(ownerId, forMs))).toBe('INVALID_CLOSURE');
  }
});
