// Velocity rules (issue 49 §2): counted from the ledger's rows in the load's locked transaction, held in
// memory and kept current by NOTIFY on every replica; block refuses with code `velocity`, review flags,
// dry-run only tells (event and metric). Real Postgres, the real braintree SDK against the development
// processor, two "replicas" (two caches and two Payments) on one database.
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { runMigrations } from '../src/migrate';
import type { Payments } from '../src/payments';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { velocityParts } from '../src/service-issue49';
import type { VelocityRule } from '../src/velocity/rule';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';

const log = createLogger({ name: 'payment-test', level: 'silent' });
let db: TestDatabase;
let pool: Pool;
let fake: DevProcessor;
type Replica = ReturnType<typeof velocityParts> & { payments: Payments; fired: string[] };
let a: Replica;
let b: Replica;
let n = 0;

function replica(): Replica {
  const fired: string[] = [];
  const parts = velocityParts({ databaseUrl: db.url, velocityRules: [] }, pool, log, {
    // Behind PgBouncer in transaction mode (the suite's pooled run) only the poll brings changes.
    pollMs: db.transactionPooling ? 200 : undefined,
    recordFired: (rule, action, mode) => fired.push(`${rule}/${action}/${mode}`),
  });
  return { ...parts, fired, payments: testPayments(pool, fake, log, { velocity: parts.hooks }) };
}

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 25, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  fake = await startDevProcessor({});
  a = replica();
  b = replica();
  await a.cache.start();
  await b.cache.start();
});

afterAll(async () => {
  await a?.cache.stop();
  await b?.cache.stop();
  await pool?.end();
  await fake?.close();
  await db?.drop();
});

afterEach(async () => {
  await pool.query('DELETE FROM velocity_rules');
  await heard([]);
  a.fired.length = 0;
  b.fired.length = 0;
});

const owner = () => `dev_velocity${++n}_${Date.now()}`;

/** Until both replicas hold exactly these rule names: the change reached them by NOTIFY, not by a read here. */
async function heard(names: string[], replicas: Replica[] = [a, b]): Promise<void> {
  const want = [...names].sort().join(',');
  for (let i = 0; i < 400; i++) {
    if (
      replicas.every(
        (r) =>
          r.cache
            .rules()
            .map((x) => x.name)
            .sort()
            .join(',') === want,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the velocity caches never heard of ${want}`);
}

async function rule(spec: Partial<Omit<VelocityRule, 'windowSeconds'>> & { window?: string; name: string }) {
  const made = await a.admin.create(
    { subject: 'owner', counts: 'loads', threshold: 1, window: '10m', action: 'block', ...spec },
    'alice',
  );
  await heard([...(await a.admin.list()).map((r) => r.name)]);
  return made;
}

const load = (
  p: Payments,
  ownerId: string,
  cardId: number,
  opts: { nonce?: string; address?: string; cents?: number } = {},
) =>
  p.loadCard({
    ownerId,
    cardId,
    amountCents: opts.cents ?? 100,
    nonce: opts.nonce ?? 'fake-valid-nonce',
    clientAddress: opts.address,
  });

async function events(type: string, ownerId: string) {
  const { rows } = await pool.query(
    'SELECT data, client_address, subject_user FROM events.events WHERE type = $1 AND subject_user = $2 ORDER BY id',
    [type, ownerId],
  );
  return rows;
}

test('a block rule fires at the threshold and not before, with code velocity and words naming it', async () => {
  await rule({ name: 'owner-loads', threshold: 3 });
  const ownerId = owner();
  const card = await a.payments.createCard(ownerId, 'one');
  const other = await a.payments.createCard(ownerId, 'two');
  for (let i = 0; i < 3; i++)
    expect((await load(a.payments, ownerId, i === 1 ? other.id : card.id)).status).toBe('succeeded');
  const refused = await load(a.payments, ownerId, card.id);
  expect(refused).toMatchObject({
    status: 'refused',
    errors: [{ code: 'velocity', message: 'velocity rule "owner-loads": 3 + 1 > 3 loads per owner (10m)' }],
  });
  // A refused load is not a load: the next is refused with the same count.
  expect((await load(a.payments, ownerId, card.id)).errors[0]!.message).toContain('3 + 1 > 3');
  // Another owner is not counted.
  const stranger = owner();
  expect((await load(a.payments, stranger, (await a.payments.createCard(stranger, 's')).id)).status).toBe('succeeded');
  expect(a.fired).toEqual(['owner-loads/block/enforce', 'owner-loads/block/enforce']);
  const fired = await events('velocity.fired', ownerId);
  expect(fired.map((e) => e.data)).toEqual([
    expect.objectContaining({
      rule: 'owner-loads',
      subject: 'owner',
      action: 'block',
      mode: 'enforce',
      card_id: card.id,
      owner_id: ownerId,
      load_id: refused.loadId,
    }),
    expect.objectContaining({ rule: 'owner-loads' }),
  ]);
  expect((await events('load.refused', ownerId))[0].data.codes).toEqual(['velocity']);
});

test('declines per card: after `threshold` declines the next load is blocked; other cards are not', async () => {
  await rule({ name: 'card-declines', subject: 'card', counts: 'declines', threshold: 2 });
  const ownerId = owner();
  const card = await a.payments.createCard(ownerId, 'tested');
  const other = await a.payments.createCard(ownerId, 'fine');
  const declined = 'fake-processor-declined-visa-nonce';
  expect((await load(a.payments, ownerId, card.id, { nonce: declined })).status).toBe('failed');
  expect((await load(a.payments, ownerId, card.id)).status).toBe('succeeded'); // 1 decline: allowed
  expect((await load(a.payments, ownerId, card.id, { nonce: declined })).status).toBe('failed');
  expect((await load(a.payments, ownerId, card.id)).errors).toEqual([
    { code: 'velocity', message: 'velocity rule "card-declines": 2 + 1 > 2 declines per card (10m)' },
  ]);
  expect((await load(a.payments, ownerId, other.id)).status).toBe('succeeded');
});

test('a review rule accepts the load and flags it; an admin lists and resolves it once', async () => {
  await rule({ name: 'big-amounts', counts: 'amount_cents', threshold: 10_000, window: '1h', action: 'review' });
  const ownerId = owner();
  const card = await a.payments.createCard(ownerId, 'big');
  expect((await load(a.payments, ownerId, card.id, { cents: 9_000 })).status).toBe('succeeded');
  const flagged = await load(a.payments, ownerId, card.id, { cents: 2_000, address: '203.0.113.9' });
  expect(flagged.status).toBe('succeeded');
  const reviews = (await a.admin.reviews(0, 200, false)).filter((r) => r.ownerId === ownerId);
  expect(reviews).toEqual([
    expect.objectContaining({
      loadId: flagged.loadId,
      rule: 'big-amounts',
      cardId: card.id,
      clientAddress: '203.0.113.9',
      amountCents: 2_000,
      loadStatus: 'succeeded',
      message: 'velocity rule "big-amounts": 90.00 + 20.00 > 100.00 per owner (1h)',
      outcome: null,
    }),
  ]);
  const id = reviews[0]!.id;
  // Keyset pages: after this id, it is not listed again.
  expect((await a.admin.reviews(id, 200, false)).some((r) => r.id === id)).toBe(false);
  const resolved = await b.admin.resolve(id, 'cleared', 'known customer', 'bob');
  expect(resolved).toMatchObject({ outcome: 'cleared', reason: 'known customer', resolvedBy: 'bob' });
  await expect(a.admin.resolve(id, 'confirmed', '', 'alice')).rejects.toMatchObject({
    code: 'VELOCITY_REVIEW_RESOLVED',
  });
  await expect(a.admin.resolve(999_999_999, 'cleared', '', 'alice')).rejects.toMatchObject({
    code: 'VELOCITY_REVIEW_NOT_FOUND',
  });
  await expect(a.admin.resolve(id, 'maybe', '', 'alice')).rejects.toMatchObject({ code: 'INVALID_VELOCITY_RULE' });
  expect((await a.admin.reviews(0, 200, false)).some((r) => r.id === id)).toBe(false);
  expect((await a.admin.reviews(0, 200, true)).some((r) => r.id === id)).toBe(true);
  const { rows } = await pool.query(`SELECT data, actor_id FROM events.events WHERE type = 'velocity.review_resolved'`);
  expect(rows).toEqual([
    { actor_id: 'bob', data: { review_id: id, load_id: flagged.loadId, rule: 'big-amounts', outcome: 'cleared' } },
  ]);
});

test('dry-run has no effect on the load but counts: the event and the metric say what would have fired', async () => {
  await rule({ name: 'dry', threshold: 0, mode: 'dry_run' });
  const ownerId = owner();
  const card = await a.payments.createCard(ownerId, 'dry');
  expect((await load(a.payments, ownerId, card.id)).status).toBe('succeeded');
  expect((await load(b.payments, ownerId, card.id)).status).toBe('succeeded');
  expect([...a.fired, ...b.fired]).toEqual(['dry/block/dry_run', 'dry/block/dry_run']);
  expect((await events('velocity.fired', ownerId)).map((e) => e.data.mode)).toEqual(['dry_run', 'dry_run']);
  expect((await a.admin.reviews(0, 200, true)).some((r) => r.ownerId === ownerId)).toBe(false);
});

test('an address rule counts distinct cards of every owner from that address, in turn under concurrency', async () => {
  await rule({ name: 'cards-per-address', subject: 'address', counts: 'distinct_cards', threshold: 3, window: '1h' });
  const address = `198.51.100.${(n % 200) + 1}`;
  // Ten owners, one card each, all at once from one address: exactly three are loaded.
  const owners = Array.from({ length: 10 }, owner);
  const cards = await Promise.all(owners.map((o) => a.payments.createCard(o, 'c')));
  const answers = await Promise.all(
    owners.map((o, i) => load(i % 2 ? a.payments : b.payments, o, cards[i]!.id, { address })),
  );
  const ok = answers.filter((x) => x.status === 'succeeded');
  expect(ok).toHaveLength(3);
  expect(answers.filter((x) => x.status === 'refused').map((x) => x.errors[0]!.message)).toEqual(
    Array(7).fill('velocity rule "cards-per-address": 3 + 1 > 3 cards per address (1h)'),
  );
  // A card already counted loads again from there; from elsewhere, or unknown, no card is counted.
  const loaded = answers.findIndex((x) => x.status === 'succeeded');
  expect((await load(a.payments, owners[loaded]!, cards[loaded]!.id, { address })).status).toBe('succeeded');
  const refusedAt = answers.findIndex((x) => x.status === 'refused');
  expect((await load(a.payments, owners[refusedAt]!, cards[refusedAt]!.id, { address: '192.0.2.1' })).status).toBe(
    'succeeded',
  );
  expect((await load(a.payments, owners[refusedAt]!, cards[refusedAt]!.id)).status).toBe('succeeded');
  const { rows } = await pool.query('SELECT client_address FROM loads WHERE id = $1', [ok[0]!.loadId]);
  expect(rows[0].client_address).toBe(address);
  // What the gateway writes is an address; anything else is refused before the ledger is asked.
  expect((await load(a.payments, owners[0]!, cards[0]!.id, { address: '2001:db8::1' })).status).toBe('succeeded');
  await expect(load(a.payments, owners[0]!, cards[0]!.id, { address: 'x'.repeat(300) })).rejects.toMatchObject({
    code: 'INVALID_CLIENT_ADDRESS',
  });
});

test('a change on one replica applies to the next load on the other', async () => {
  const ownerId = owner();
  const card = await a.payments.createCard(ownerId, 'replicas');
  expect((await load(b.payments, ownerId, card.id)).status).toBe('succeeded');
  await a.admin.create(
    { name: 'one-load', subject: 'card', counts: 'loads', threshold: 1, window: '1h', action: 'block' },
    'alice',
  );
  await heard(['one-load'], [b]);
  expect((await load(b.payments, ownerId, card.id)).errors[0]).toMatchObject({ code: 'velocity' });
  await a.admin.replace(
    'one-load',
    { subject: 'card', counts: 'loads', threshold: 5, window: '1h', action: 'block' },
    'alice',
  );
  for (let i = 0; i < 200 && b.cache.rules()[0]?.threshold !== 5; i++) await new Promise((r) => setTimeout(r, 25));
  expect((await load(b.payments, ownerId, card.id)).status).toBe('succeeded');
  await a.admin.remove('one-load', 'alice');
  await heard([], [b]);
  const { rows } = await pool.query(
    `SELECT type, data->>'rule' AS rule, actor_id FROM events.events WHERE type LIKE 'velocity.rule_%' ORDER BY id`,
  );
  expect(rows.filter((r) => r.rule === 'one-load')).toEqual([
    { type: 'velocity.rule_created', rule: 'one-load', actor_id: 'alice' },
    { type: 'velocity.rule_updated', rule: 'one-load', actor_id: 'alice' },
    { type: 'velocity.rule_deleted', rule: 'one-load', actor_id: 'alice' },
  ]);
});

test('the admin domain checks every field; file rules are written at start and read-only', async () => {
  const base = { name: 'r1', subject: 'owner', counts: 'loads', threshold: 2, window: '10m', action: 'block' };
  await expect(a.admin.create({ ...base, window: '10 minutes' }, 'x')).rejects.toMatchObject({
    code: 'INVALID_VELOCITY_RULE',
    message: expect.stringContaining('window'),
  });
  await expect(a.admin.create({ ...base, name: 'Bad Name' }, 'x')).rejects.toMatchObject({
    code: 'INVALID_VELOCITY_RULE',
  });
  await expect(a.admin.create({ ...base, subject: 'card', counts: 'distinct_cards' }, 'x')).rejects.toMatchObject({
    message: expect.stringContaining('distinct_cards'),
  });
  await expect(a.admin.create({ ...base, threshold: -1 }, 'x')).rejects.toMatchObject({
    code: 'INVALID_VELOCITY_RULE',
  });
  await expect(a.admin.create({ ...base, extra: 1 }, 'x')).rejects.toMatchObject({ code: 'INVALID_VELOCITY_RULE' });
  expect(await a.admin.create(base, 'x')).toMatchObject({
    name: 'r1',
    mode: 'enforce',
    source: 'admin',
    windowSeconds: 600,
  });
  await expect(a.admin.create(base, 'x')).rejects.toMatchObject({ code: 'VELOCITY_RULE_EXISTS' });
  await expect(a.admin.get('nope')).rejects.toMatchObject({ code: 'VELOCITY_RULE_NOT_FOUND' });
  await expect(a.admin.replace('r1', { ...base, name: 'r2' }, 'x')).rejects.toMatchObject({
    code: 'INVALID_VELOCITY_RULE',
  });

  // A replica started with a file: its rules become the file rules (r1 too, taken over), read-only.
  const fileRules: VelocityRule[] = [
    {
      name: 'r1',
      subject: 'card',
      counts: 'declines',
      threshold: 5,
      windowSeconds: 600,
      action: 'block',
      mode: 'enforce',
      source: 'file',
    },
    {
      name: 'f2',
      subject: 'address',
      counts: 'distinct_cards',
      threshold: 3,
      windowSeconds: 3600,
      action: 'review',
      mode: 'dry_run',
      source: 'file',
    },
  ];
  const c = velocityParts({ databaseUrl: db.url, velocityRules: fileRules }, pool, log, {});
  await c.cache.start();
  try {
    await heard(['f2', 'r1'], [a, b, { ...c, payments: a.payments, fired: [] }]);
    expect((await a.admin.get('r1')).source).toBe('file');
    await expect(a.admin.replace('r1', base, 'x')).rejects.toMatchObject({ code: 'VELOCITY_RULE_READ_ONLY' });
    await expect(a.admin.remove('f2', 'x')).rejects.toMatchObject({ code: 'VELOCITY_RULE_READ_ONLY' });
  } finally {
    await c.cache.stop();
  }
  // A start with a file that no longer names f2 removes it (and r1 with it: none left).
  const d = velocityParts({ databaseUrl: db.url, velocityRules: [] }, pool, log, {});
  await d.cache.start();
  await d.cache.stop();
  await heard([]);
});
