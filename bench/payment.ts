// Card loads per second through the gateway (auth, avatar, payment and gateway as real processes,
// the real braintree SDK against the loopback gateway), then a check that the ledger and the card
// balances agree with each other and with what the processor approved.
import autocannon from 'autocannon';
import { Client } from 'pg';
import { startDevProcessor } from '../services/payment/src/dev-processor';
import { createTestDatabase } from '../services/payment/test/db';
import { Browser } from '../test/browser';
import { startStack } from '../test/stack';

export interface PaymentBenchOptions {
  /** Concurrent clients per run; each is its own logged-in user with its own card. */
  connections?: number[];
  /** Length of each run. */
  durationSec?: number;
  /** Progress lines (the runner prints them). */
  log?: (line: string) => void;
}

export interface PaymentBenchRun {
  connections: number;
  loadsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers that were not 200 `{"status":"ok"}`, and connection errors: both should be 0. */
  non2xx: number;
  errors: number;
}

export interface LedgerConsistency {
  ok: boolean;
  cards: number;
  succeededLoads: number;
  /** Loads the HTTP clients saw answered 200 (requests cut off at the end of a run are not counted). */
  answeredOk: number;
  /** Sales the loopback processor approved. */
  processorApproved: number;
  balanceCents: number;
  ledgerCents: number;
  processorCents: number;
  /** Loads still pending or unknown after the run (should be 0). */
  unsettled: number;
  /** Cards whose balance differs from the sum of their succeeded loads. */
  driftingCards: number;
}

export interface PaymentBenchResult {
  runs: PaymentBenchRun[];
  consistency: LedgerConsistency;
}

const AMOUNT = '1.00';

export async function runPaymentBench(options: PaymentBenchOptions = {}): Promise<PaymentBenchResult> {
  const connectionsList = options.connections ?? [1, 50];
  const duration = options.durationSec ?? 5;
  const log = options.log ?? ((line: string) => console.log(line));

  const db = await createTestDatabase();
  const fake = await startDevProcessor();
  const stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: {
      DATABASE_URL: db.url,
      PROCESSOR_MERCHANT_ID: fake.merchantId,
      PROCESSOR_PUBLIC_KEY: fake.publicKey,
      PROCESSOR_PRIVATE_KEY: fake.privateKey,
      PROCESSOR_GATEWAY_URL: fake.url,
      // The benchmark measures throughput, not the limit: no load may be refused.
      PAYMENT_LIMIT_1_DAY: '1000000000.00',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const clients = await loggedInClients(stack.url, Math.max(...connectionsList));
    const runs: PaymentBenchRun[] = [];
    let answeredOk = 0;
    for (const connections of connectionsList) {
      let next = 0;
      const result = await autocannon({
        url: stack.url,
        connections,
        duration,
        // Each connection is one client: its own user, cookies, XSRF header and card.
        setupClient: (client) => {
          const c = clients[next++ % clients.length]!;
          client.setRequests([
            {
              method: 'POST',
              path: `/cards/${c.cardId}/load/`,
              headers: { 'content-type': 'application/json', cookie: c.cookie, 'x-xsrf-token': c.xsrf },
              body: JSON.stringify({ nonce: 'fake-valid-nonce', amount: AMOUNT }),
            },
          ]);
        },
      });
      answeredOk += result['2xx'];
      const run: PaymentBenchRun = {
        connections,
        loadsPerSecond: Math.round(result['2xx'] / result.duration),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      runs.push(run);
      log(
        `payment: ${connections} client(s): ${run.loadsPerSecond} loads/s, p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
      );
    }
    // autocannon stops counting at the end of a run while requests are still in flight; they are
    // settled a moment later, so wait for the ledger to have no pending load before checking.
    await waitForSettled(db.url);
    const inFlightBound = connectionsList.reduce((a, b) => a + b, 0);
    const consistency = await checkLedger(db.url, answeredOk, inFlightBound, fake.approved);
    log(
      `payment: ledger ${consistency.ok ? 'consistent' : 'INCONSISTENT'}: ${consistency.succeededLoads} succeeded loads, ` +
        `${consistency.answeredOk} answered ok, ${consistency.processorApproved} approved by the processor, balances ` +
        `${consistency.balanceCents} = ledger ${consistency.ledgerCents} = processor ${consistency.processorCents} cents, ` +
        `${consistency.unsettled} unsettled, ${consistency.driftingCards} drifting cards`,
    );
    return { runs, consistency };
  } finally {
    await stack.stop();
    await fake.close();
    await db.drop();
  }
}

interface BenchClient {
  cookie: string;
  xsrf: string;
  cardId: number;
}

async function loggedInClients(baseUrl: string, count: number): Promise<BenchClient[]> {
  const clients: BenchClient[] = [];
  for (let i = 0; i < count; i++) {
    const browser = new Browser(baseUrl);
    const login = await browser.devLogin(`bench-user-${i}`);
    if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
    const xsrf = await browser.xsrf();
    const created = await browser.request('POST', '/cards/', {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: JSON.stringify({ name: `bench card ${i}` }),
    });
    if (created.status !== 201) throw new Error(`bench card creation failed: ${created.status} ${created.text}`);
    clients.push({
      cookie: await browser.jar.getCookieString(baseUrl),
      xsrf,
      cardId: (created.json() as { id: number }).id,
    });
  }
  return clients;
}

async function waitForSettled(databaseUrl: string, timeoutMs = 30_000): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM payment.loads WHERE status = 'pending'");
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

async function checkLedger(
  databaseUrl: string,
  answeredOk: number,
  inFlightBound: number,
  approved: Map<string, string>,
): Promise<LedgerConsistency> {
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    statement_timeout: 30_000,
  });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(`
      SELECT
        (SELECT count(*) FROM payment.cards) AS cards,
        (SELECT coalesce(sum(balance_cents), 0) FROM payment.cards) AS balance,
        (SELECT count(*) FROM payment.loads WHERE status = 'succeeded') AS succeeded,
        (SELECT coalesce(sum(amount_cents), 0) FROM payment.loads WHERE status = 'succeeded') AS ledger,
        (SELECT count(*) FROM payment.loads WHERE status IN ('pending', 'unknown')) AS unsettled,
        (SELECT count(*) FROM payment.cards c WHERE c.balance_cents <> (
           SELECT coalesce(sum(amount_cents), 0) FROM payment.loads l WHERE l.card_id = c.id AND l.status = 'succeeded')) AS drifting`);
    const r = rows[0]!;
    const processorCents = [...approved.values()].reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);
    const result = {
      cards: Number(r.cards),
      succeededLoads: Number(r.succeeded),
      answeredOk,
      processorApproved: approved.size,
      balanceCents: Number(r.balance),
      ledgerCents: Number(r.ledger),
      processorCents,
      unsettled: Number(r.unsettled),
      driftingCards: Number(r.drifting),
    };
    const ok =
      result.balanceCents === result.ledgerCents &&
      result.ledgerCents === result.processorCents &&
      result.succeededLoads === result.processorApproved &&
      // Every 200 is a succeeded load; loads cut off at the end of a run may succeed unanswered.
      result.succeededLoads >= result.answeredOk &&
      result.succeededLoads - result.answeredOk <= inFlightBound &&
      result.unsettled === 0 &&
      result.driftingCards === 0;
    return { ok, ...result };
  } finally {
    await client.end();
  }
}

// `tsx bench/payment.ts` runs it on its own.
if (require.main === module) {
  runPaymentBench().then(
    (result) => process.exit(result.consistency.ok ? 0 : 1),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
