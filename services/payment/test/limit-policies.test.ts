// Limits as policy (issue 49 §1): policies in Postgres, held in memory and kept current by NOTIFY,
// enforced in the load's locked transaction; headroom = limit − usage at every step; 300 parallel
// loads never pass any amount or count limit. Real Postgres, the real braintree SDK against the
// development processor.
import type { Pool } from 'pg';
import { type LimitRule, standardRules } from '../src/limits';
import type { Payments } from '../src/payments';
import { PolicyCache } from '../src/policies/cache';
import type { LimitPolicy } from '../src/policies/policy';
import { PolicyStore } from '../src/policies/store';
import type { TestDatabase } from './db';
import { log, usePolicyLedger } from './policy-harness';

const ENV_RULES: LimitRule[] = standardRules({ oneDayCents: 50_000 });
const ledger = usePolicyLedger(ENV_RULES, () => settled());
let db: TestDatabase;
let pool: Pool;
let store: PolicyStore;
let cache: PolicyCache;
let payments: Payments;
let owner = 0;

beforeAll(() => {
  ({ db, pool, store, cache, payments } = ledger);
});

const newOwner = () => `dev_policy${++owner}_${Date.now()}`;
const load = (ownerId: string, cardId: number, amountCents: number) =>
  payments.loadCard({ ownerId, cardId, amountCents, nonce: 'fake-valid-nonce' });

/** Until the cache holds what the tables hold: the change reached it by NOTIFY, not by a read here. */
async function settled(of: PolicyCache = cache): Promise<void> {
  const want = JSON.stringify(await store.snapshot(), (_, v) => (v instanceof Map ? [...v].sort() : v));
  for (let i = 0; i < 200; i++) {
    const held = JSON.stringify(of.current(), (_, v) => (v instanceof Map ? [...v].sort() : v));
    if (held === want) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the policy cache never heard of the change');
}

async function put(policy: Partial<LimitPolicy> & Pick<LimitPolicy, 'scope' | 'window'>): Promise<void> {
  await store.put({ subject: '', maxCents: null, maxCount: null, ...policy }, 'test');
  await settled();
}

test('with no policy, the environment limit is the programme default: same code, same words', async () => {
  const ownerId = newOwner();
  const card = await payments.createCard(ownerId, 'default');
  expect((await load(ownerId, card.id, 49_501)).status).toBe('succeeded');
  const refused = await load(ownerId, card.id, 500);
  expect(refused).toMatchObject({
    status: 'refused',
    errors: [{ code: 'compliance-1-day', message: '495.01 + 5.00 > 500.00 (1 day)' }],
  });
  expect(await payments.cardLimits(ownerId, card.id)).toEqual([
    {
      code: 'compliance-1-day',
      label: '1 day',
      window: '1 day',
      kind: 'amount',
      appliesTo: 'owner',
      limit: 50_000,
      usage: 49_501,
      headroom: 499,
    },
  ]);
});

test('a change applies to the next load on every cache: programme, tier, user and card, amounts and counts', async () => {
  const replica = new PolicyCache({ store: new PolicyStore(pool), databaseUrl: db.url, envRules: ENV_RULES, log });
  await replica.start();
  const ownerId = newOwner();
  const card = await payments.createCard(ownerId, 'tiers');
  const other = await payments.createCard(ownerId, 'other');

  // The programme's row replaces the environment's 1-day limit; a 7-day count is added.
  await put({ scope: 'programme', window: '1 day', maxCents: 10_000 });
  await put({ scope: 'programme', window: '7 days', maxCount: 2 });
  expect((await load(ownerId, card.id, 6_000)).status).toBe('succeeded');
  expect((await load(ownerId, card.id, 4_001)).errors).toEqual([
    { code: 'compliance-1-day', message: '60.00 + 40.01 > 100.00 (1 day)' },
  ]);
  expect((await load(ownerId, card.id, 4_000)).status).toBe('succeeded');
  expect((await load(ownerId, other.id, 1)).errors).toEqual([
    { code: 'compliance-1-day', message: '100.00 + 0.01 > 100.00 (1 day)' },
    { code: 'compliance-7-days-count', message: '2 + 1 > 2 loads (7 days)' },
  ]);

  // A tier in place of the programme, per window; the refusal names the tier.
  await put({ scope: 'tier', subject: 'verified', window: '1 day', maxCents: 30_000 });
  await store.setTier(ownerId, 'verified');
  await settled();
  expect((await load(ownerId, card.id, 100)).errors).toEqual([
    { code: 'compliance-7-days-count', message: '2 + 1 > 2 loads (7 days)' },
  ]);
  // The user's own limit in place of the tier's.
  await put({ scope: 'user', subject: ownerId, window: '7 days', maxCount: 10 });
  expect((await load(ownerId, card.id, 15_000)).status).toBe('succeeded');
  expect((await load(ownerId, card.id, 5_001)).errors).toEqual([
    { code: 'compliance-1-day', message: '250.00 + 50.01 > 300.00 (1 day, tier verified)' },
  ]);
  // A card's own limit on top, over that card's loads only.
  await put({ scope: 'card', subject: String(other.id), window: 'lifetime', maxCents: 1_000, maxCount: 1 });
  expect((await load(ownerId, other.id, 1_001)).errors).toEqual([
    { code: 'card-lifetime', message: `0.00 + 10.01 > 10.00 (lifetime, card ${other.id})` },
  ]);
  expect((await load(ownerId, other.id, 1_000)).status).toBe('succeeded');
  expect((await load(ownerId, other.id, 1)).errors).toEqual([
    { code: 'card-lifetime', message: `10.00 + 0.01 > 10.00 (lifetime, card ${other.id})` },
    { code: 'card-lifetime-count', message: `1 + 1 > 1 loads (lifetime, card ${other.id})` },
  ]);
  // A second replica's cache, started before, heard every change too.
  await settled(replica);
  expect(replica.rulesFor(ownerId, other.id)).toEqual(cache.rulesFor(ownerId, other.id));
  const limits = await payments.cardLimits(ownerId, other.id);
  expect(limits.map((l) => [l.code, l.label, l.limit, l.usage, l.headroom])).toEqual([
    ['compliance-1-day', '1 day, tier verified', 30_000, 26_000, 4_000],
    ['compliance-7-days-count', '7 days, user limit', 10, 4, 6],
    ['card-lifetime', `lifetime, card ${other.id}`, 1_000, 1_000, 0],
    ['card-lifetime-count', `lifetime, card ${other.id}`, 1, 1, 0],
  ]);
  // Removed again: back to the environment's default.
  await pool.query('DELETE FROM limit_policies');
  await store.setTier(ownerId, null);
  await settled();
  expect((await payments.cardLimits(ownerId, card.id)).map((l) => [l.code, l.headroom])).toEqual([
    ['compliance-1-day', 24_000],
  ]);
  await replica.stop();
});

test('headroom equals limit minus usage at every step', async () => {
  const ownerId = newOwner();
  const [a, b] = [await payments.createCard(ownerId, 'a'), await payments.createCard(ownerId, 'b')];
  await put({ scope: 'programme', window: '30 days', maxCents: 20_000, maxCount: 12 });
  await put({ scope: 'card', subject: String(b.id), window: '1 day', maxCents: 7_000 });
  let owned = 0;
  let onB = 0;
  let count = 0;
  for (let i = 0; i < 14; i++) {
    const card = i % 2 ? b : a;
    const amount = 500 + ((i * 997) % 2_500);
    const before = await payments.cardLimits(ownerId, card.id);
    const answer = await load(ownerId, card.id, amount);
    const allowed = before.every((l) => (l.kind === 'count' ? l.headroom >= 1 : l.headroom >= amount));
    expect(answer.status).toBe(allowed ? 'succeeded' : 'refused');
    if (allowed) {
      owned += amount;
      count += 1;
      if (card === b) onB += amount;
    }
    const after = new Map((await payments.cardLimits(ownerId, b.id)).map((l) => [l.code, l]));
    expect(after.get('compliance-1-day')).toMatchObject({ usage: owned, headroom: Math.max(0, 50_000 - owned) });
    expect(after.get('compliance-30-days')).toMatchObject({ usage: owned, headroom: 20_000 - owned });
    expect(after.get('compliance-30-days-count')).toMatchObject({ usage: count, headroom: 12 - count });
    expect(after.get('card-1-day')).toMatchObject({ usage: onB, headroom: 7_000 - onB });
  }
  expect(owned).toBeGreaterThan(15_000); // the limits were met, not avoided
});

// Two owners: one whose amount limits bind first, one whose count limits do (a user override).
test.each([
  ['amounts', null, ['card-1-day', 'compliance-30-days']],
  ['counts', 45, ['card-1-day-count', 'compliance-7-days-count']],
])(
  '300 parallel loads for one owner across windows and cards never pass any limit (%s bind)',
  async (_, userCount, binding) => {
    const ownerId = newOwner();
    const cards: { id: number }[] = [];
    for (let i = 0; i < 3; i++) cards.push(await payments.createCard(ownerId, `c${i}`));
    await put({ scope: 'programme', window: '1 day', maxCents: 300_000 });
    await put({ scope: 'programme', window: '7 days', maxCount: 120 });
    await put({ scope: 'programme', window: '30 days', maxCents: 250_000 });
    await put({ scope: 'card', subject: String(cards[0]!.id), window: '1 day', maxCents: 40_000, maxCount: 12 });
    if (userCount !== null) await put({ scope: 'user', subject: ownerId, window: '7 days', maxCount: userCount });
    const maxCount = userCount ?? 120;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => load(ownerId, cards[i % 3]!.id, 1_000 + ((i * 7_919) % 4_000))),
    );
    const { rows } = await pool.query(
      `SELECT card_id, count(*)::int AS n, sum(amount_cents)::int AS cents FROM loads
      WHERE owner_id = $1 AND status IN ('pending', 'succeeded', 'unknown') GROUP BY card_id`,
      [ownerId],
    );
    const total = rows.reduce((s, r) => s + r.cents, 0);
    const n = rows.reduce((s, r) => s + r.n, 0);
    const first = rows.find((r) => Number(r.card_id) === cards[0]!.id);
    expect(total).toBeLessThanOrEqual(250_000);
    expect(n).toBeLessThanOrEqual(maxCount);
    expect(first.cents).toBeLessThanOrEqual(40_000);
    expect(first.n).toBeLessThanOrEqual(12);
    expect(answers.filter((a) => a.status === 'succeeded')).toHaveLength(n);
    expect(answers.filter((a) => a.status === 'refused')).toHaveLength(300 - n);
    // The limits were reached, not avoided: the refusals name the ones that bound.
    const codes = new Set(answers.flatMap((a) => a.errors.map((e) => e.code)));
    expect([...codes]).toEqual(expect.arrayContaining(binding));
    for (const card of cards)
      for (const l of await payments.cardLimits(ownerId, card.id))
        expect(l.headroom).toBe(Math.max(0, l.limit - l.usage));
  },
  60_000,
);

test('re-reads the policies every pollMs when no notification arrives (PgBouncer in transaction mode)', async () => {
  const polled = new PolicyCache({ store, databaseUrl: db.url, envRules: ENV_RULES, log, pollMs: 50 });
  await polled.start();
  const ownerId = newOwner();
  const card = await payments.createCard(ownerId, 'polled');
  // No notification: the triggers that send them are off for this change.
  await pool.query('ALTER TABLE limit_policies DISABLE TRIGGER limit_policies_changed');
  try {
    await store.put({ scope: 'user', subject: ownerId, window: 'lifetime', maxCents: 700, maxCount: null }, 'test');
    const deadline = Date.now() + 5_000;
    while (!polled.rulesFor(ownerId, card.id).some((r) => r.maxCents === 700) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(polled.rulesFor(ownerId, card.id).some((r) => r.maxCents === 700)).toBe(true);
  } finally {
    await pool.query('ALTER TABLE limit_policies ENABLE TRIGGER limit_policies_changed');
    await polled.stop();
    await cache.reload(); // the suite's own cache heard nothing of it either
  }
});
