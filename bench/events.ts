// What events cost the hot path (issue 34): card loads through the gateway at 50 clients, as
// `pnpm bench payment` drives them, with no webhook endpoint and with one subscribed to `load.*`,
// alternating in one run on one stack (auth with its dispatcher on the same database), and the delivery
// lag of every `load.succeeded` a loopback receiver gets: its arrival time minus the event's time, each
// verified by the `standardwebhooks` package as a real receiver would.
import http from 'node:http';
import path from 'node:path';
import { loadProto } from '@gatehouse/proto';
import { createLedgerDatabase as createTestDatabase } from '@gatehouse/test-kit/databases';
import { freePort, startStack } from '@gatehouse/test-kit/stack';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { createClient, openInternalAuth } from '../packages/grpc-kit/src';
import { cpuMs, median, postgresBackendsCpu } from './harness';
import { type BenchClient, loggedInClients } from './payment';
import { waitForSettled } from './payment-ledger';

export interface EventsBenchOptions {
  /** Length of each run. */
  durationSec?: number;
  /** Rounds of one run without and one with the endpoint (their order alternating). */
  rounds?: number;
  connections?: number;
  log?: (line: string) => void;
}

export interface EventsBenchResult {
  /** Loads/s of each run without an endpoint, and with one, in round order. */
  without: number[];
  with: number[];
  /**
   * CPU microseconds a load of the whole stack (gateway, payment, auth, the database's Postgres backends),
   * over each run and until its events were delivered: less moved by a noisy machine than loads/s.
   */
  cpuUsPerLoad: { without: number[]; with: number[] };
  /** The median of each round's with/without ratio. */
  ratio: number;
  lagMs: { p50: number; p99: number; max: number };
  /** load.succeeded events made while the endpoint existed, those received (distinct ids), and repeats. */
  expected: number;
  received: number;
  duplicates: number;
  /** Answers other than 200, and connection errors, over every run. */
  failures: number;
}

/** The targets: reported, not asserted. */
export const EVENTS_TARGETS = { ratio: 0.9, lagMs: 2000 };

export async function runEventsBench(options: EventsBenchOptions = {}): Promise<EventsBenchResult> {
  const duration = options.durationSec ?? 10;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 50;
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await createTestDatabase();
  const receiverPort = await freePort();
  const stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    // BENCH_CPU_PROF=<dir>: the auth service (the dispatcher) writes a V8 CPU profile there when it stops.
    nodeArgs: process.env.BENCH_CPU_PROF
      ? { auth: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] }
      : undefined,
    // Auth on the payment's database: its dispatcher reads the outbox the ledger's statements write.
    authDatabaseUrl: db.url,
    env: {
      DATABASE_URL: db.url,
      PAYMENT_DEV_PROCESSOR: 'true',
      PAYMENT_DEV_PROCESSOR_PORT: String(await freePort()),
      PAYMENT_LIMIT_1_DAY: '1000000000.00',
      LOG_LEVEL: 'info',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(process.env.WEBHOOK_POLL_INTERVAL ? { WEBHOOK_POLL_INTERVAL: process.env.WEBHOOK_POLL_INTERVAL } : {}),
    },
  });
  const receiver = startReceiver(receiverPort);
  const pg = new Client({ connectionString: db.url, statement_timeout: 30_000 });
  await pg.connect();
  const keys = await openInternalAuth(path.join(stack.dataDir, 'internal-keys', 'gateway'), 'gateway', ['auth']);
  if (!keys) throw new Error('no internal keys');
  const events = createClient(loadProto('events').grpcObject.auth.v1.EventsService, `127.0.0.1:${stack.ports.auth}`, {
    deadlineMs: 10_000,
    credential: { auth: keys, audience: 'auth' },
  });
  try {
    const clients = await loggedInClients(stack.url, connections);
    let failures = 0;
    const dbName = new URL(db.url).pathname.slice(1);
    const cpuNow = () => ({
      gateway: cpuMs(stack.pid('gateway')) ?? 0,
      payment: cpuMs(stack.pid('payment')) ?? 0,
      auth: cpuMs(stack.pid('auth')) ?? 0,
      postgres: [...postgresBackendsCpu(dbName).values()].reduce((a, b) => a + b, 0),
    });
    /** A run, then until its loads settled and their events left the outbox and were delivered. */
    const run = async (durationSec: number) => {
      const cpuBefore = cpuNow();
      const r = await loads(stack.url, clients, connections, durationSec);
      failures += r.non2xx + r.errors;
      await waitForSettled(db.url);
      await drained();
      const cpuAfter = cpuNow();
      const parts = Object.fromEntries(
        Object.entries(cpuAfter).map(([k, v]) => [
          k,
          ((v - cpuBefore[k as keyof typeof cpuBefore]) * 1000) / Math.max(1, r.answered),
        ]),
      ) as typeof cpuAfter;
      const cpuUs = parts.gateway + parts.payment + parts.auth + parts.postgres;
      // Where a delivery's cost lands: the dispatcher (auth) and the database.
      log(
        `   CPU a load: gateway ${parts.gateway.toFixed(0)} µs, payment ${parts.payment.toFixed(0)} µs, ` +
          `auth ${parts.auth.toFixed(0)} µs, Postgres ${parts.postgres.toFixed(0)} µs`,
      );
      return { rate: r.loadsPerSecond, cpuUs };
    };
    // Until the dispatcher has fanned out every event so far and sent every delivery: a phase with the
    // endpoint starts with nothing older waiting, and ends with its lag all measured.
    const drained = async () => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { rows } = await pg.query(
          `SELECT (SELECT count(*) FROM events.outbox)::int + (SELECT count(*) FROM auth.webhook_deliveries WHERE status = 'pending')::int AS n`,
        );
        if (rows[0].n === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0].n} events still waiting for delivery after 2 minutes`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const succeeded = async () =>
      (await pg.query(`SELECT count(*)::int AS n FROM events.events WHERE type = 'load.succeeded'`)).rows[0]
        .n as number;
    let expected = 0;
    const withEndpoint = async () => {
      // Nothing in flight from the run before: every event counted below is made while the endpoint
      // exists, and every one made then is fanned out to it.
      await waitForSettled(db.url);
      await drained();
      const before = await succeeded();
      const made = await events.call.createWebhook({
        url: `http://127.0.0.1:${receiverPort}/hooks`,
        eventTypes: ['load.*'],
        description: 'bench',
        actor: { id: 'operator' },
      });
      receiver.verifier = new Webhook(made.secret);
      // run() waits for the loads cut off at its end to settle, and for their events' delivery.
      const measured = await run(duration);
      expected += (await succeeded()) - before;
      await events.call.deleteWebhook({ id: made.webhook!.id, actor: { id: 'operator' } });
      return measured;
    };
    log(`warm-up: ${(await run(3)).rate.toFixed(0)} loads/s`);
    const without: number[] = [];
    const withIt: number[] = [];
    const cpu = { without: [] as number[], with: [] as number[] };
    const note = (into: number[], cpuInto: number[]) => (m: { rate: number; cpuUs: number }) => {
      into.push(m.rate);
      cpuInto.push(m.cpuUs);
    };
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Alternating which goes first, so a machine slowing through the run favours neither.
      if (round % 2 === 1) {
        note(without, cpu.without)(await run(duration));
        note(withIt, cpu.with)(await withEndpoint());
      } else {
        note(withIt, cpu.with)(await withEndpoint());
        note(without, cpu.without)(await run(duration));
      }
      ratios.push(withIt.at(-1)! / without.at(-1)!);
      log(
        `${round}: ${connections} clients, loads/s without an endpoint ${without.at(-1)!.toFixed(0)}, ` +
          `with one on load.* ${withIt.at(-1)!.toFixed(0)}, ratio ${ratios.at(-1)!.toFixed(2)}; ` +
          `CPU a load ${cpu.without.at(-1)!.toFixed(0)} µs without, ${cpu.with.at(-1)!.toFixed(0)} µs with`,
      );
    }
    const lags = [...receiver.lagsMs].sort((a, b) => a - b);
    const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? Number.NaN;
    const result: EventsBenchResult = {
      without,
      with: withIt,
      cpuUsPerLoad: cpu,
      ratio: median(ratios),
      lagMs: { p50: at(0.5), p99: at(0.99), max: lags.at(-1) ?? Number.NaN },
      expected,
      received: receiver.seen.size,
      duplicates: [...receiver.seen.values()].reduce((n, c) => n + c - 1, 0) + receiver.unverified,
      failures,
    };
    log(
      `median loads/s: without ${median(without).toFixed(0)}, with ${median(withIt).toFixed(0)}; median round ratio ` +
        `${result.ratio.toFixed(2)} (target >= ${EVENTS_TARGETS.ratio}); CPU a load of gateway, payment, auth and ` +
        `Postgres (medians) ${median(cpu.without).toFixed(0)} µs without, ${median(cpu.with).toFixed(0)} µs with`,
    );
    log(
      `delivery lag (arrival - event time): p50 ${result.lagMs.p50} ms, p99 ${result.lagMs.p99} ms, max ${result.lagMs.max} ms ` +
        `(target < ${EVENTS_TARGETS.lagMs} ms); ${result.received} of ${result.expected} load.succeeded delivered, ` +
        `${result.duplicates} repeated or unverified`,
    );
    return result;
  } finally {
    events.close();
    await pg.end();
    await new Promise<void>((resolve) => {
      receiver.server.close(() => resolve());
      receiver.server.closeAllConnections();
    });
    await stack.stop();
    await db.drop();
  }
}

/** A Standard Webhooks receiver: each delivery verified, its id counted, its lag noted. */
function startReceiver(port: number) {
  const state = {
    verifier: undefined as Webhook | undefined,
    seen: new Map<string, number>(),
    lagsMs: [] as number[],
    unverified: 0,
    server: http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const arrived = Date.now();
        try {
          const event = state.verifier!.verify(body, req.headers as Record<string, string>) as { timestamp: string };
          const id = String(req.headers['webhook-id']);
          state.seen.set(id, (state.seen.get(id) ?? 0) + 1);
          state.lagsMs.push(arrived - Date.parse(event.timestamp));
          res.writeHead(204).end();
        } catch {
          state.unverified++;
          res.writeHead(400).end();
        }
      });
    }),
  };
  state.server.listen(port, '127.0.0.1');
  return state;
}

/** One autocannon run of card loads, each connection one client (its user, cookies and card). */
async function loads(url: string, clients: BenchClient[], connections: number, durationSec: number) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    setupClient: (client) => {
      const c = clients[next++ % clients.length]!;
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
  return {
    loadsPerSecond: result['2xx'] / result.duration,
    answered: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// `tsx bench/events.ts [seconds] [rounds]` runs it on its own.
if (require.main === module) {
  runEventsBench({ durationSec: Number(process.argv[2] ?? 10), rounds: Number(process.argv[3] ?? 3) }).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
