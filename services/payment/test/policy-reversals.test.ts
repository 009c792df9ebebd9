// Per-policy "reversals free their share" (issue 49 §1, migrations/011): with a policy's reversals_free,
// refunded and voided amounts, and loads reversed in full, stop counting towards that policy; without it
// the policy counts as the environment's limits do (a void frees its amount, a refund does not, the
// count stays). Headroom exact to the cent before and after; the running totals equal the ledger; 300
// parallel loads and refunds never pass a limit with the flag on. Real Postgres, the development processor.
import type { Pool } from 'pg';
import { type LimitRule, standardRules } from '../src/limits';
import type { Payments } from '../src/payments';
import type { PolicyCache } from '../src/policies/cache';
import type { LimitPolicy } from '../src/policies/policy';
import type { PolicyStore } from '../src/policies/store';
import type { DevProcessor } from '../src/processor/dev';
import { settle } from './money-back';
import { usePolicyLedger } from './policy-harness';
import { FREED_MIGRATION, totalsDrift } from './totals';

const ENV_RULES: LimitRule[] = standardRules({ oneDayCents: 10_000_000 });
const ledger = usePolicyLedger(ENV_RULES);
let pool: Pool;
let fake: DevProcessor;
let store: PolicyStore;
let cache: PolicyCache;
let payments: Payments;
let owner = 0;

beforeAll(() => {
  ({ pool, fake, store, cache, payments } = ledger);
});

const newOwner = () => `dev_freeing${++owner}_${Date.now()}`;

async function put(policy: Partial<LimitPolicy> & Pick<LimitPolicy, 'scope' | 'window'>): Promise<void> {
  await store.put({ subject: '', maxCents: null, maxCount: null, ...policy }, 'operator');
  for (let i = 0; i < 200; i++) {
    const rules = cache.rulesFor('nobody', 0);
    if (rules.some((r) => r.label.startsWith(policy.window) && !!r.reversalsFree === !!policy.reversalsFree)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the policy cache never heard of the change');
}

async function holder() {
  const ownerId = newOwner();
  const card = await payments.createCard(ownerId, 'freeing');
  const load = async (amountCents: number) => {
    const answer = await payments.loadCard({ ownerId, cardId: card.id, amountCents, nonce: 'fake-valid-nonce' });
    const row = (await payments.listLoads(ownerId, card.id)).find((l) => l.id === answer.loadId);
    return { ...answer, saleId: row?.processorTransactionId ?? '' };
  };
  const reverse = (loadId: number, amountCents = 0) =>
    payments.reverseLoad({ requester: { kind: 'owner', ownerId }, cardId: card.id, loadId, amountCents });
  const headroom = async () =>
    Object.fromEntries(
      (await payments.cardLimits(ownerId, card.id))
        .filter((l) => l.code.startsWith('compliance-7') || l.code.startsWith('compliance-30'))
        .map((l) => [l.code, [l.usage, l.headroom]]),
    );
  return { ownerId, card, load, reverse, headroom };
}

test.each([false, true])(
  'refunds and voids with reversals_free %s: headroom before and after, exact to the cent',
  async (free) => {
    await put({ scope: 'programme', window: '7 days', maxCents: 50_000, maxCount: 3, reversalsFree: free });
    const h = await holder();
    const refunded = await h.load(20_000);
    const kept = await h.load(10_000);
    await settle(fake, refunded.saleId);
    expect(await h.headroom()).toEqual({ 'compliance-7-days': [30_000, 20_000], 'compliance-7-days-count': [2, 1] });
    // A partial refund: the flag frees its 50.00; the load still counts as one.
    expect((await h.reverse(refunded.loadId, 5_000)).status).toBe('succeeded');
    expect((await h.headroom())['compliance-7-days']).toEqual(free ? [25_000, 25_000] : [30_000, 20_000]);
    expect((await h.headroom())['compliance-7-days-count']).toEqual([2, 1]);
    // The rest refunded: the load reversed in full no longer counts as a load either (with the flag).
    expect((await h.reverse(refunded.loadId)).status).toBe('succeeded');
    expect(await h.headroom()).toEqual(
      free
        ? { 'compliance-7-days': [10_000, 40_000], 'compliance-7-days-count': [1, 2] }
        : { 'compliance-7-days': [30_000, 20_000], 'compliance-7-days-count': [2, 1] },
    );
    // A void (not settled): frees its amount with or without the flag (today's rule); its count only with it.
    const voided = await h.load(2_000);
    expect((await h.reverse(voided.loadId)).status).toBe('succeeded');
    expect((await h.reverse(kept.loadId)).status).toBe('succeeded'); // not settled: voided in full too
    const end = await h.headroom();
    // Without the flag: 200.00 refunded still counts, the voids count for nothing, 3 loads made.
    // With it: nothing reversed counts; no load stands.
    expect(end).toEqual(
      free
        ? { 'compliance-7-days': [0, 50_000], 'compliance-7-days-count': [0, 3] }
        : { 'compliance-7-days': [20_000, 30_000], 'compliance-7-days-count': [3, 0] },
    );
    // Refusals agree with the headroom: the count limit binds without the flag.
    const next = await h.load(1_000);
    expect(next.status).toBe(free ? 'succeeded' : 'refused');
    if (!free) expect(next.errors).toEqual([{ code: 'compliance-7-days-count', message: '3 + 1 > 3 loads (7 days)' }]);
    expect(await totalsDrift(pool, h.ownerId)).toEqual([]);
  },
);

test('the backfill (migration 011) recomputes what reversals freed from the ledger', async () => {
  await put({ scope: 'programme', window: '30 days', maxCents: 90_000, reversalsFree: true });
  const h = await holder();
  const a = await h.load(12_345);
  await settle(fake, a.saleId);
  expect((await h.reverse(a.loadId, 2_345)).status).toBe('succeeded');
  const before = await h.headroom();
  expect(before).toEqual({ 'compliance-30-days': [10_000, 80_000] });
  await pool.query('UPDATE owner_load_totals SET freed_cents = 0, freed_count = 0 WHERE owner_id = $1', [h.ownerId]);
  expect(await totalsDrift(pool, h.ownerId)).not.toEqual([]);
  // 011 alone: 003's own backfill predates reversals (it would forget what voids uncounted).
  await pool.query(FREED_MIGRATION);
  expect(await h.headroom()).toEqual(before);
});

test('300 parallel loads and refunds with reversals_free never pass the limits; headroom = limit − usage', async () => {
  await put({ scope: 'programme', window: '1 day', maxCents: 200_000, maxCount: 60, reversalsFree: true });
  const h = await holder();
  const loads = await Promise.all(Array.from({ length: 40 }, (_, i) => h.load(2_000 + i)));
  for (const l of loads.slice(0, 20)) await settle(fake, l.saleId);
  // 20 refunds of settled loads and 280 new loads, all at once.
  const answers = await Promise.all([
    ...loads.slice(0, 20).map((l) => h.reverse(l.loadId)),
    ...Array.from({ length: 280 }, (_, i) => h.load(1_000 + ((i * 7_919) % 2_000))),
  ]);
  expect(answers.slice(0, 20).every((a) => a.status === 'succeeded')).toBe(true);
  const { rows } = await pool.query(
    `SELECT count(*) FILTER (WHERE reversed_cents < amount_cents)::int AS n,
            sum(amount_cents - reversed_cents)::int AS cents
       FROM loads WHERE owner_id = $1 AND status IN ('pending', 'succeeded', 'unknown')`,
    [h.ownerId],
  );
  expect(rows[0].cents).toBeLessThanOrEqual(200_000);
  expect(rows[0].n).toBeLessThanOrEqual(60);
  // What is left is exactly the headroom: that many loads pass one by one, and the next is refused.
  const left = (await payments.cardLimits(h.ownerId, h.card.id)).find((l) => l.code === 'compliance-1-day-count')!;
  expect(left.usage).toBe(rows[0].n);
  for (let i = 0; i < left.headroom; i++) expect((await h.load(1_000)).status).toBe('succeeded');
  expect((await h.load(1_000)).errors.map((e) => e.code)).toEqual(['compliance-1-day-count']);
  const limits = await payments.cardLimits(h.ownerId, h.card.id);
  const day = limits.find((l) => l.code === 'compliance-1-day')!;
  expect(day.usage).toBe(rows[0].cents + left.headroom * 1_000);
  for (const l of limits) expect(l.headroom).toBe(Math.max(0, l.limit - l.usage));
}, 60_000);
