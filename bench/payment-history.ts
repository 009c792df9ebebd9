// A card load on an owner with 50,000 loads in the 1-day window against a load on a fresh owner
// (issue 24: at most 1.5×). `npx tsx bench/payment-history.ts [rounds] [loadsPerRound]`.
//
// One process, one test database on the local Postgres, the payment domain (Payments) with the real
// braintree SDK against the development processor, every limit on (1 day, 30 days, 365 days, balance;
// raised so that nothing is refused). The busy owner's 50,000 loads of 0.01 are spread over the last
// 24 hours and written straight into the ledger, then the totals recomputed by the migration's backfill.
// Each round runs `loadsPerRound` sequential loads on the busy owner and as many on an owner new to the
// round, interleaved load by load, and reports the mean latency of each; the ratio is the median of
// the rounds' ratios of means. Then the limit check alone: the usage statement, and the ledger sum it replaced.
// With `--ledger-sum` the loads check the limits as before the running totals (the windows summed over
// the ledger, on another connection of the pool: the same work, for comparison only).
import { createLogger } from '@gatehouse/logger';
import { createLedgerDatabase as createTestDatabase } from '@gatehouse/test-kit/databases';
import type { Pool } from 'pg';
import { createPool } from '../services/payment/src/db';
import type { LedgerStore } from '../services/payment/src/ledger';
import { PostgresLedgerStore, postgresLedger } from '../services/payment/src/ledger';
import { DAY_MS, type LimitRule, standardRules } from '../services/payment/src/limits';
import { runMigrations } from '../services/payment/src/migrate';
import { Payments } from '../services/payment/src/payments';
import { BraintreeProcessor } from '../services/payment/src/processor';
import { startDevProcessor } from '../services/payment/src/processor/dev';
import { insertHistory, recomputeTotals } from '../services/payment/test/totals';

const HISTORY = 50_000;
const RULES = standardRules({
  oneDayCents: 1_000_000_000,
  thirtyDaysCents: 1_000_000_000,
  yearCents: 1_000_000_000,
  balanceCents: 1_000_000_000,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Side {
  ownerId: string;
  cardId: number;
}

async function timeLoad(payments: Payments, side: Side): Promise<number> {
  const t0 = process.hrtime.bigint();
  const answer = await payments.loadCard({ ...side, amountCents: 1, nonce: 'fake-valid-nonce' });
  const took = Number(process.hrtime.bigint() - t0) / 1e6;
  if (answer.status !== 'succeeded') throw new Error(`load ${answer.status}: ${JSON.stringify(answer.errors)}`);
  return took;
}

/**
 * `n` loads on each side, interleaved one by one (which side goes first alternates), so that whatever
 * else the machine does falls on both alike.
 */
async function timePairs(payments: Payments, a: Side, b: Side, n: number): Promise<{ a: number[]; b: number[] }> {
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < n; i += 1) {
    if (i % 2 === 0) {
      out.a.push(await timeLoad(payments, a));
      out.b.push(await timeLoad(payments, b));
    } else {
      out.b.push(await timeLoad(payments, b));
      out.a.push(await timeLoad(payments, a));
    }
  }
  return out;
}

async function timeStatement(run: () => Promise<unknown>, n: number): Promise<number> {
  for (let i = 0; i < 5; i += 1) await run();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1) await run();
  return Number(process.hrtime.bigint() - t0) / 1e6 / n;
}

/** The store, with the limit check of the version before the running totals when `ledgerSum`. */
function benchStore(pool: Pool, ledgerSum: boolean): LedgerStore {
  const store = new PostgresLedgerStore(pool);
  if (!ledgerSum) return store;
  const sum = async (ownerId: string, since: Date) =>
    Number(
      (
        await pool.query(
          `SELECT coalesce(sum(amount_cents), 0) AS s FROM loads WHERE owner_id = $1
              AND status IN ('pending', 'succeeded', 'unknown') AND created_at > $2`,
          [ownerId, since],
        )
      ).rows[0].s,
    );
  const usage = (ownerId: string, rules: readonly LimitRule[], now: Date) =>
    Promise.all(rules.map((r) => (r.windowMs ? sum(ownerId, new Date(now.getTime() - r.windowMs)) : 0)));
  return Object.assign(Object.create(store) as LedgerStore, {
    withOwnerLock: <T>(ownerId: string, fn: Parameters<LedgerStore['withOwnerLock']>[1]) =>
      store.withOwnerLock(
        ownerId,
        (tx) =>
          fn({
            ...tx,
            findCard: tx.findCard.bind(tx),
            findLoadByKey: tx.findLoadByKey.bind(tx),
            commitLoad: tx.commitLoad.bind(tx),
            usage: (rules, _cardId, now) => usage(ownerId, rules, now),
            cardWithUsage: async (cardId, rules, now) => {
              const card = await tx.findCard(cardId);
              // The version before running totals had no closures either: an owner is never closed here.
              return card && { card, usage: await usage(ownerId, rules, now), ownerClosed: false };
            },
          }) as Promise<T>,
      ),
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const ledgerSum = process.argv.includes('--ledger-sum');
  const rounds = Number(args[0] ?? 5);
  const perRound = Number(args[1] ?? 400);
  const db = await createTestDatabase();
  const pool = createPool(db.url, { max: 4, transactionPooling: db.transactionPooling });
  const fake = await startDevProcessor();
  const log = createLogger({ name: 'bench', level: 'silent' });
  try {
    await runMigrations(pool);
    const processor = new BraintreeProcessor(
      {
        merchantId: fake.merchantId,
        publicKey: fake.publicKey,
        privateKey: fake.privateKey,
        environment: 'sandbox',
        gatewayUrl: fake.url,
        timeoutMs: 5000,
      },
      log,
    );
    const payments = new Payments({
      ...postgresLedger(pool),
      store: benchStore(pool, ledgerSum),
      processor,
      rules: RULES,
      log,
    });
    const busy = 'dev_busy';
    const now = new Date();
    const busyCard = await insertHistory(pool, busy, { count: HISTORY, end: now, spanMs: DAY_MS, amountCents: 1 });
    await recomputeTotals(pool);
    await pool.query('ANALYZE loads');
    await pool.query('ANALYZE owner_load_totals');
    if (ledgerSum) console.log('--ledger-sum: the limits summed over the ledger, as before the running totals');
    console.log(`busy owner: ${HISTORY} loads of 0.01 over the last 24 h; ${rounds} rounds of ${perRound} loads each`);

    const busySide = { ownerId: busy, cardId: busyCard };
    for (let i = 0; i < 100; i += 1) await timeLoad(payments, busySide); // warm-up: connections, prepared statements
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      const fresh = { ownerId: `dev_fresh${r}`, cardId: 0 };
      fresh.cardId = (await payments.createCard(fresh.ownerId, 'fresh')).id;
      const { a: b, b: f } = await timePairs(payments, busySide, fresh, perRound);
      const ratio = mean(b) / mean(f);
      ratios.push(ratio);
      console.log(
        `round ${r + 1}: busy ${mean(b).toFixed(3)} ms (p50 ${median(b).toFixed(3)}), ` +
          `fresh ${mean(f).toFixed(3)} ms (p50 ${median(f).toFixed(3)}), ratio of means ${ratio.toFixed(3)}`,
      );
    }
    console.log(`load on the busy owner / load on a fresh owner: median ratio ${median(ratios).toFixed(3)}`);

    const store = new PostgresLedgerStore(pool);
    const check = (ownerId: string, cardId: number) => () =>
      store.withOwnerLock(ownerId, (tx) => tx.usage(RULES, cardId, new Date()));
    const freshCard = (await payments.createCard('dev_fresh_check', 'fresh')).id;
    const busyChecks: number[] = [];
    const freshChecks: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      busyChecks.push(await timeStatement(check(busy, busyCard), 50));
      freshChecks.push(await timeStatement(check('dev_fresh_check', freshCard), 50));
    }
    const busyCheck = median(busyChecks);
    const freshCheck = median(freshChecks);
    const ledgerSumMs = await timeStatement(
      () =>
        pool.query(
          `SELECT coalesce(sum(amount_cents), 0) FROM loads WHERE owner_id = $1
              AND status IN ('pending', 'succeeded', 'unknown') AND created_at > $2`,
          [busy, new Date(Date.now() - DAY_MS)],
        ),
      100,
    );
    console.log(
      `the limit check (lock + usage, one transaction): busy ${busyCheck.toFixed(3)} ms, fresh ${freshCheck.toFixed(3)} ms; ` +
        `the 1-day ledger sum it replaced, busy owner: ${ledgerSumMs.toFixed(3)} ms`,
    );
  } finally {
    await pool.end();
    await fake.close();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
