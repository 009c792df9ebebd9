import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type OwnPostgres, postgresMissing, startPostgres } from '@gatehouse/test-kit/servers/postgres';
import { makeTestCa, type TestCa } from '@gatehouse/test-kit/servers/tls';
import { freePort } from '@gatehouse/test-kit/stack';
import { createPool } from '../packages/postgres/src';

// Postgres over TLS with a private CA, through DATABASE_URL alone (`sslmode=verify-full&sslrootcert=`):
// the right CA connects; a wrong one stops auth's start-up and keeps payment NOT_SERVING, each with one
// line naming DATABASE_URL and the reason, no stack and no password.
const missing = postgresMissing();
if (missing) console.warn(`postgres-tls.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const ROOT = path.resolve(__dirname, '..');
const PASSWORD = 'pw-never-logged-7f3a';

suite('Postgres TLS with a private CA', () => {
  let dir: string;
  let right: TestCa;
  let wrong: TestCa;
  let pg: OwnPostgres;
  const urlWith = (ca: string) =>
    `postgres://postgres:${PASSWORD}@localhost:${pg.port}/postgres?sslmode=verify-full&sslrootcert=${ca}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gh-pgtls-'));
    right = makeTestCa(dir, 'right');
    wrong = makeTestCa(dir, 'wrong');
    pg = await startPostgres({ tls: { certFile: right.certFile, keyFile: right.keyFile } });
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects with the right CA, over TLS', async () => {
    const pool = createPool({
      url: urlWith(right.caFile),
      applicationName: 'tls-test',
      max: 1,
      statementTimeoutMs: 5000,
      transactionPooling: false,
    });
    try {
      const { rows } = await pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(rows[0]?.ssl).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('auth refuses to start on a wrong CA with one line naming DATABASE_URL', async () => {
    const out = await runProcess(
      'services/auth/src/main.ts',
      {
        AUTH_SECRET: 'x'.repeat(40),
        AUTH_DEV_PROVIDER: 'true',
        AUTH_DEV_PORT: String(await freePort()),
        AVATAR_GRPC_ADDR: '127.0.0.1:1',
        AUTH_GRPC_PORT: String(await freePort()),
        METRICS_PORT: '0',
        DATABASE_URL: urlWith(wrong.caFile),
      },
      30_000,
    );
    expect(out.code).toBe(1);
    const lines = out.text
      .trim()
      .split('\n')
      .filter((l) => l.includes('DATABASE_URL'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATABASE_URL: the server's TLS certificate does not verify/);
    expect(out.text).not.toContain(PASSWORD);
    expect(out.text).not.toMatch(/^\s+at /m);
  }, 40_000);

  it('payment stays NOT_SERVING on a wrong CA with one line, not a line per retry', async () => {
    const out = await runProcess(
      'services/payment/src/main.ts',
      {
        PAYMENT_GRPC_PORT: String(await freePort()),
        METRICS_PORT: '0',
        LOG_FORMAT: 'json',
        DATABASE_URL: urlWith(wrong.caFile),
      },
      12_000,
    );
    expect(out.code).toBeNull(); // still running (NOT_SERVING) when stopped
    const lines = out.text.split('\n').filter((l) => l.includes('DATABASE_URL'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATABASE_URL: the server's TLS certificate does not verify/);
    expect(out.text).not.toContain(PASSWORD);
    expect(out.text).not.toContain('"stack"');
  }, 30_000);
});

/** Runs a process entry until it exits or `forMs` passes (then SIGKILL; code null). */
function runProcess(
  entry: string,
  env: Record<string, string>,
  forMs: number,
): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.stderr.on('data', (c: Buffer) => (text += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), forMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, text });
    });
  });
}
