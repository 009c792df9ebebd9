// Logins and refreshes of two builds side by side: `npx tsx bench/sessions-ab.ts <other checkout> [pairs]`
// runs this checkout's stack (B) and another's (A, a checkout with its own `pnpm install`, e.g. a git
// worktree of an older commit), each as `pnpm bench sessions` runs it, and alternates short phases
// between them (first logins, then a refresh of every session), so a shared machine's drift falls on
// both alike. It prints each pair and the median B/A of the whole stack's CPU per operation. The same
// checkout twice, with BENCH_AB_NODE_ARGS_B (or _A) set, compares Node flags.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import type { startStack as StartStack } from '@gatehouse/test-kit/stack';
import { cpuMs, median, postgresBackendsCpu } from './harness';
import { closeClient, devLogin, inParallel, refresh, type Session } from './session-client';

const CONCURRENCY = 8;
const LOGINS_PER_RUN = 150;
const SESSIONS = 600;
const TOKEN_DURATION_S = 2;

interface Run {
  ops: number;
  failures: number;
  /** ms of CPU per operation, every process of the stack and its Postgres backends together. */
  cpuMs: number;
  /** The same by process: gateway, auth, avatar, Postgres. */
  byProcess?: Record<'gateway' | 'auth' | 'avatar' | 'postgres', number>;
}

interface Side {
  name: string;
  logins(): Promise<Run>;
  refreshes(): Promise<Run>;
  stop(): Promise<void>;
}

/** Node flags for one side's services, from BENCH_AB_NODE_ARGS_A or _B (e.g. a V8 flag against none). */
function sideNodeArgs(name: string): Partial<Record<'gateway' | 'auth' | 'avatar', string[]>> | undefined {
  const args = process.env[`BENCH_AB_NODE_ARGS_${name}`]?.split(/\s+/).filter(Boolean);
  return args?.length ? { gateway: args, auth: args, avatar: args } : undefined;
}

async function startSide(name: string, root: string): Promise<Side> {
  // The stack's starter moved from test/ into test-kit; an older checkout may have either.
  const starter = ['packages/test-kit/src/stack.ts', 'test/stack.ts'].map((p) => path.join(root, p)).find(existsSync);
  if (!starter) throw new Error(`${root}: no stack starter (packages/test-kit/src/stack.ts)`);
  const { startStack } = (await import(starter)) as { startStack: typeof StartStack };
  const db: TestDatabase = await createTestDatabase('bench');
  const stack = await startStack({
    services: ['avatar', 'auth', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    nodeArgs: sideNodeArgs(name),
    env: {
      LOG_LEVEL: 'info',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      AUTH_TOKEN_DURATION: `${TOKEN_DURATION_S}s`,
    },
  });
  const dbName = new URL(db.url).pathname.slice(1);
  const cpu = () => ({
    gateway: cpuMs(stack.pid('gateway')) ?? 0,
    auth: cpuMs(stack.pid('auth')) ?? 0,
    avatar: cpuMs(stack.pid('avatar')) ?? 0,
    postgres: postgresBackendsCpu(dbName),
  });
  const measure = async <T, R>(items: T[], work: (item: T) => Promise<R>) => {
    const before = cpu();
    const done = await inParallel(items, CONCURRENCY, work);
    const after = cpu();
    let postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
    const ops = Math.max(1, items.length - done.failures);
    if (done.failures > 0) console.log(`! ${name}: ${done.failures} failed (${done.firstError})`);
    const byProcess = {
      gateway: (after.gateway - before.gateway) / ops,
      auth: (after.auth - before.auth) / ops,
      avatar: (after.avatar - before.avatar) / ops,
      postgres: postgres / ops,
    };
    const total = byProcess.gateway + byProcess.auth + byProcess.avatar + byProcess.postgres;
    return { run: { ops, failures: done.failures, cpuMs: total, byProcess }, done };
  };
  const prefix = `ab${randomBytes(3).toString('hex')}`;
  let made = 0;
  const login = (user: string) => devLogin(stack.url, user);
  // The sessions every refresh run refreshes (each run refreshes all of them, once).
  let sessions = (
    await inParallel(
      Array.from({ length: SESSIONS }, (_, i) => `${prefix}_s${i}`),
      CONCURRENCY,
      login,
    )
  ).results.filter(Boolean) as Session[];
  let issuedAt = Date.now();
  return {
    name,
    async logins() {
      const users = Array.from({ length: LOGINS_PER_RUN }, () => `${prefix}_${made++}`);
      return (await measure(users, login)).run;
    },
    async refreshes() {
      const wait = issuedAt + TOKEN_DURATION_S * 1000 + 1100 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { run, done } = await measure(sessions, (s) => refresh(stack.url, s));
      sessions = done.results.filter(Boolean) as Session[];
      issuedAt = Date.now();
      return run;
    },
    async stop() {
      await stack.stop();
      await db.drop().catch(() => {});
    },
  };
}

export async function runSessionsAb(baseRoot: string, pairs: number): Promise<void> {
  const a = await startSide('A', path.resolve(baseRoot));
  const b = await startSide('B', path.resolve(__dirname, '..'));
  try {
    // Warm-up (JIT, pools), then pairs in alternating order, so neither side always runs first.
    for (const side of [a, b]) {
      await side.logins();
      await side.refreshes();
    }
    const ratios = { login: [] as number[], refresh: [] as number[] };
    for (let i = 0; i < pairs; i++) {
      const order = i % 2 === 0 ? [a, b] : [b, a];
      const results = new Map<Side, { login: Run; refresh: Run }>();
      for (const side of order)
        results.set(side, { login: await side.logins(), refresh: { ops: 0, failures: 0, cpuMs: 0 } });
      for (const side of order) (results.get(side) as { refresh: Run }).refresh = await side.refreshes();
      const ra = results.get(a) as { login: Run; refresh: Run };
      const rb = results.get(b) as { login: Run; refresh: Run };
      ratios.login.push(rb.login.cpuMs / ra.login.cpuMs);
      ratios.refresh.push(rb.refresh.cpuMs / ra.refresh.cpuMs);
      const parts = (run: Run) =>
        Object.values(run.byProcess ?? {})
          .map((ms) => ms.toFixed(2))
          .join('+');
      const show = (r: { login: Run; refresh: Run }) =>
        `first login ${r.login.cpuMs.toFixed(2)} ms (${parts(r.login)}), refresh ${r.refresh.cpuMs.toFixed(3)} ms (${parts(r.refresh)})`;
      console.log(`pair ${i + 1}: A ${show(ra)} | B ${show(rb)}`);
    }
    console.log(
      `median B/A over ${pairs} pairs (CPU of the whole stack per operation): first login ${median(ratios.login).toFixed(3)}, refresh ${median(ratios.refresh).toFixed(3)}`,
    );
  } finally {
    closeClient();
    await a.stop();
    await b.stop();
  }
}

if (require.main === module) {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: npx tsx bench/sessions-ab.ts <other checkout> [pairs, default 6]');
    process.exit(2);
  }
  runSessionsAb(base, Number(process.argv[3] ?? 6)).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
