// A start of the auth service that fails late leaves nothing behind (issue 44): by then the Postgres
// pool, Redis, the events dispatcher and its retention, the dev provider and the gRPC clients of avatar
// and payment are open, and each must be closed, as a stop closes them. The service runs in a process
// of its own (failed-start.fixture.ts), which reports the timers and gRPC channels still open and must
// then end by itself: a pool, a connection or a server left open would keep it up.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort } from '@gatehouse/test-kit/stack';

let db: TestDatabase;
let dir: string;
let taken: net.Server;
let takenPort: number;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_failed_start');
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-failed-start-'));
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (taken ? taken.close(() => resolve()) : resolve()));
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Report {
  failed: string;
  timers: string[];
  channels: string[];
}

/** Runs the fixture with `env` over a full configuration; its report, and whether it ended by itself. */
async function failedStart(env: Record<string, string>): Promise<{ report: Report; exitCode: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'failed-start.fixture.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      AUTH_SECRET: 'f'.repeat(40),
      AUTH_DEV_PROVIDER: 'true',
      AUTH_DEV_PORT: String(await freePort()),
      AUTH_GRPC_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: db.url,
      DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `gh-test:failed-start:${Date.now()}:`,
      // Clients of both are opened at start (no call is made: nothing listens there).
      AVATAR_GRPC_ADDR: `127.0.0.1:${await freePort()}`,
      PAYMENT_GRPC_ADDR: `127.0.0.1:${await freePort()}`,
      WEBHOOK_POLL_INTERVAL: '100ms',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  // A process that does not end by itself is killed after a while, and reported as such (null).
  const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(kill);
  const line = out.split('\n').find((l) => l.startsWith('{"failed"'));
  if (!line) throw new Error(`no report from the fixture:\n${out}`);
  return { report: JSON.parse(line) as Report, exitCode };
}

test.each([
  ['its gRPC port is taken', () => ({ AUTH_GRPC_PORT: String(takenPort) }), /EADDRINUSE|No address added/],
  ['its METRICS_PORT is taken', () => ({ METRICS_PORT: String(takenPort) }), /EADDRINUSE/],
  [
    'a configured provider cannot start',
    () => {
      // A local OAuth2 server with no way to check passwords: refused when the providers start.
      const file = path.join(dir, 'auth.json');
      writeFileSync(file, JSON.stringify({ providers: [{ name: 'loc', type: 'local', port: 0 }] }));
      return { AUTH_CONFIG: file };
    },
    /provider loc: needs a credential checker/,
  ],
])(
  'a start that fails late because %s leaves no timer, client, pool or connection behind',
  async (_why, env, reason) => {
    const { report, exitCode } = await failedStart(env());
    expect(report.failed).toMatch(reason);
    expect({ timers: report.timers, channels: report.channels, exitCode }).toEqual({
      timers: [],
      channels: [],
      exitCode: 0,
    });
  },
  40_000,
);
