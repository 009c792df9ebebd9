// `pnpm start`, then Ctrl-C: no error-level line and no stack trace, and every process exits 0. Run
// as a person runs it (scripts/start.ts with its process group signalled, as a terminal's Ctrl-C does),
// on free ports and a test database, so it never meets a developer's own `pnpm start`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './databases';
import { freePort, ROOT } from './stack';

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_start');
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-start-'));
});

afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

test('pnpm start comes up quietly, and Ctrl-C stops it with exit 0, no error line, no stack', async () => {
  const ports: number[] = [];
  for (let i = 0; i < 6; i++) ports.push(await freePort()); // one at a time: freePort never repeats then
  const [gateway, auth, avatar, telegram, payment, dev] = ports;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    detached: true, // its own process group, signalled as a whole like a terminal's
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: db.url,
      LOG_FORMAT: 'json',
      AUTH_URL: `http://127.0.0.1:${gateway}`,
      GATEWAY_PORT: String(gateway),
      AUTH_GRPC_PORT: String(auth),
      AVATAR_GRPC_PORT: String(avatar),
      TELEGRAM_GRPC_PORT: String(telegram),
      PAYMENT_GRPC_PORT: String(payment),
      AUTH_DEV_PORT: String(dev),
      PAYMENT_DEV_PROCESSOR_PORT: '0',
      METRICS_PORT: '0',
      AUTH_SECRET: 'a'.repeat(64),
      AUTH_AVATAR_STORE: path.join(dir, 'avatars'),
      INTERNAL_KEYS_DIR: path.join(dir, 'keys'),
    },
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (!out.includes('Gatehouse is up') && Date.now() < deadline && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 100));
  expect(out).toContain('Gatehouse is up');
  process.kill(-child.pid!, 'SIGINT');
  expect(await exited).toEqual({ code: 0, signal: null });

  const lines = out.split('\n').filter(Boolean);
  const levels = lines
    .map((l) => /^\[[^\]]+\] (\{.*\})$/.exec(l)?.[1])
    .filter((json): json is string => json !== undefined)
    .map((json) => JSON.parse(json) as { level: number; msg: string });
  expect(levels.length).toBeGreaterThan(5);
  expect(levels.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.filter((l) => /^\[[^\]]+\]\s+at /.test(l))).toEqual([]);
  // Every process said it was shutting down, and none died by a signal.
  expect(lines.filter((l) => /stopped \(|exit code null/.test(l))).toEqual([]);
}, 90_000);
