// Card loads of two builds side by side: `npx tsx bench/payment-ab.ts <other checkout>` runs this
// checkout's stack (B) and another's (A, a checkout with its own `pnpm install`, e.g. a git worktree of
// an older commit) at the same time, and alternates short runs at 50 clients between them, so the
// machine's drift falls on both alike. On a shared VM the same build's loads/s moves by a third between
// minutes, which swamps any change of a few per cent measured in separate runs; the median of paired
// ratios does not. It prints each pair and the median B/A of loads/s and of CPU a load.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import type { freePort as FreePort, startStack as StartStack } from '@gatehouse/test-kit/stack';
import autocannon from 'autocannon';
import { cpuMs, median, postgresBackendsCpu } from './harness';
import { type BenchClient, loggedInClients } from './payment';

const CLIENTS = 50;
const RUN_SEC = 4;

interface Side {
  name: string;
  run(): Promise<{ loadsPerSecond: number; nodeUs: number; postgresUs: number }>;
  stop(): Promise<void>;
}

/** One build's stack, as `pnpm bench payment` runs it, started from the checkout at `root`. */
async function startSide(name: string, root: string, extraEnv: Record<string, string> = {}): Promise<Side> {
  // The stack's starter moved from test/ into test-kit; an older checkout may have either.
  const starter = ['packages/test-kit/src/stack.ts', 'test/stack.ts'].map((p) => path.join(root, p)).find(existsSync);
  if (!starter) throw new Error(`${root}: no stack starter (packages/test-kit/src/stack.ts)`);
  const stackModule = (await import(starter)) as {
    startStack: typeof StartStack;
    freePort: typeof FreePort;
  };
  const db: TestDatabase = await createTestDatabase();
  const stack = await stackModule.startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: {
      DATABASE_URL: db.url,
      PAYMENT_DEV_PROCESSOR: 'true',
      PAYMENT_DEV_PROCESSOR_PORT: String(await stackModule.freePort()),
      PAYMENT_LIMIT_1_DAY: '1000000000.00',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
  });
  const clients: BenchClient[] = await loggedInClients(stack.url, CLIENTS);
  const dbName = new URL(db.url).pathname.slice(1);
  const cpu = () => ({
    node: (cpuMs(stack.pid('gateway')) ?? 0) + (cpuMs(stack.pid('payment')) ?? 0),
    postgres: [...postgresBackendsCpu(dbName).values()].reduce((a, b) => a + b, 0),
  });
  return {
    name,
    async run() {
      let next = 0;
      const before = cpu();
      const result = await autocannon({
        url: stack.url,
        connections: CLIENTS,
        duration: RUN_SEC,
        setupClient: (client) => {
          const c = clients[next++ % clients.length] as BenchClient;
          client.setRequests([
            {
              method: 'POST',
              path: `/cards/${c.cardId}/load/`,
              headers: { 'content-type': 'application/json', cookie: c.cookie, 'x-xsrf-token': c.xsrf },
              body: JSON.stringify({ nonce: 'fake-valid-nonce', amount: '1.00' }),
            },
          ]);
        },
      });
      const after = cpu();
      const loads = Math.max(1, result['2xx']);
      if (result.non2xx > 0 || result.errors > 0)
        console.log(`! ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return {
        loadsPerSecond: result['2xx'] / result.duration,
        nodeUs: ((after.node - before.node) * 1000) / loads,
        postgresUs: ((after.postgres - before.postgres) * 1000) / loads,
      };
    },
    async stop() {
      await stack.stop();
      await db.drop();
    },
  };
}

export async function runPaymentAb(baseRoot: string, pairs: number): Promise<void> {
  const a = await startSide('A', path.resolve(baseRoot));
  // PAYMENT_AB_B_ENV (JSON): settings of B's stack only, e.g. a PAYMENT_VELOCITY_RULES_FILE to measure.
  const bEnv = process.env.PAYMENT_AB_B_ENV ? (JSON.parse(process.env.PAYMENT_AB_B_ENV) as Record<string, string>) : {};
  const b = await startSide('B', path.resolve(__dirname, '..'), bEnv);
  try {
    // Warm-up (JIT, pools), then pairs in alternating order, so neither side always runs second.
    await a.run();
    await b.run();
    const ratios = { loads: [] as number[], node: [] as number[], postgres: [] as number[] };
    for (let i = 0; i < pairs; i++) {
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      const one = await first.run();
      const other = await second.run();
      const [ra, rb] = first === a ? [one, other] : [other, one];
      ratios.loads.push(rb.loadsPerSecond / ra.loadsPerSecond);
      ratios.node.push(rb.nodeUs / ra.nodeUs);
      ratios.postgres.push(rb.postgresUs / ra.postgresUs);
      const show = (r: typeof ra) =>
        `${r.loadsPerSecond.toFixed(0)} loads/s, gateway+payment ${r.nodeUs.toFixed(0)} µs, backends ${r.postgresUs.toFixed(0)} µs a load`;
      console.log(`pair ${i + 1}: A ${show(ra)} | B ${show(rb)}`);
    }
    console.log(
      `median B/A over ${pairs} pairs: loads/s ${median(ratios.loads).toFixed(3)}, ` +
        `gateway+payment CPU a load ${median(ratios.node).toFixed(3)}, backends' CPU a load ${median(ratios.postgres).toFixed(3)}`,
    );
  } finally {
    await a.stop();
    await b.stop();
  }
}

if (require.main === module) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: npx tsx bench/payment-ab.ts <other checkout> [pairs, default 8]');
    process.exit(2);
  }
  runPaymentAb(base, Number(process.argv[3] ?? 8)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
