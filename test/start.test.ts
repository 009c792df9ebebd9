// `pnpm start` as a newcomer meets it (scripts/start.ts, run as `pnpm start` runs it): a start that cannot
// go on says what failed and what to do in one line with no stack, and stops what it started; a Ctrl-C
// reaching the whole process group, as a terminal sends it, stops everything without a warning.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createTestDatabase } from '@gatehouse/test-kit/databases';
import { freePort, ROOT } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { childrenOf, environOf, start, startLines, workloadOf } from './start-run';

jest.setTimeout(120_000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gh-start-'));
  chmodSync(dataDir, 0o755); // as root, Postgres runs as another user, which must reach its folder
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('pnpm start', () => {
  it('names the embedded Postgres port when something holds it, and changes nothing', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const run = await start(dataDir, { EMBEDDED_POSTGRES_PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(startLines(run.output())).toEqual([
        expect.stringContaining(`port ${port} (the embedded Postgres) is in use by pid ${process.pid} (`),
      ]);
      expect(run.output()).toContain('set EMBEDDED_POSTGRES_PORT to a free port');
      expect(run.output()).not.toMatch(/\n\s+at |undefined/);
    } finally {
      holder.close();
    }
  });

  it('names the data folder another Postgres holds, and what to do', async () => {
    // Another server on the same folder, as another `pnpm start` of this checkout holds it: its runner.
    const other = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'scripts/start/postgres-runner.ts'),
        path.join(dataDir, 'postgres'),
        String(await freePort()),
      ],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    other.stdin.write('other\n');
    const [first] = await new Promise<string[]>((resolve) =>
      createInterface({ input: other.stdout }).once('line', (line) => resolve([line])),
    );
    expect(JSON.parse(first ?? '{}')).toEqual({ ready: true });
    const otherExited = new Promise((resolve) => other.once('exit', resolve));
    try {
      const run = await start(dataDir);
      expect(await run.exited).toBe(1);
      const lines = startLines(run.output());
      expect(lines).toHaveLength(2); // "starting an embedded Postgres", then why it did not
      expect(lines[1]).toMatch(
        new RegExp(`data folder ${path.join(dataDir, 'postgres')} is in use by another Postgres \\(pid \\d+\\)`),
      );
      expect(lines[1]).toContain('stop that one first');
      expect(run.output()).not.toMatch(/\n\s+at |undefined/);
    } finally {
      other.kill('SIGTERM');
      await otherExited;
    }
  });

  it('says in one line that a DATABASE_URL cannot be used, without its password', async () => {
    const closed = await freePort();
    const run = await start(dataDir, { DATABASE_URL: `postgres://gatehouse:hunter2@127.0.0.1:${closed}/gatehouse` });
    expect(await run.exited).toBe(1);
    expect(startLines(run.output())).toEqual([
      expect.stringMatching(/DATABASE_URL: cannot use the database \(ECONNREFUSED.*\): check it, or unset it/),
    ]);
    expect(run.output()).not.toContain('hunter2');
  });

  it('stops what it started when a service does not come up, without calling that an unclean stop', async () => {
    const db = await createTestDatabase('gh_start');
    try {
      const run = await start(dataDir, { DATABASE_URL: db.url, PAYMENT_LIMIT_1_DAY: 'lots' });
      expect(await run.exited).toBe(1);
      const output = run.output();
      expect(output).toContain('PAYMENT_LIMIT_1_DAY');
      expect(startLines(output).at(-1)).toContain('payment stopped (exit 1): its last lines above say why');
      expect(output).not.toContain('did not stop cleanly');
    } finally {
      await db.drop();
    }
  });

  it('gives each process only the secrets its workload is listed for', async () => {
    const secrets = {
      PROCESSOR_MERCHANT_ID: 'merchant-1',
      PROCESSOR_PUBLIC_KEY: 'public-1',
      PROCESSOR_PRIVATE_KEY: 'private-1',
      PROCESSOR_GATEWAY_URL: `http://127.0.0.1:${await freePort()}`,
      TELEGRAM_BOT_TOKEN: '123456:start-test-token',
      TELEGRAM_API_URL: `http://127.0.0.1:${await freePort()}`,
      AUTH_ADMIN_PASSWD: 'an admin password',
      AUTH_TOTP_KEY: 'ab'.repeat(32),
      AUTH_UNLISTED_SECRET: 'held by nobody',
    };
    const db = await createTestDatabase('gh_start');
    const run = await start(dataDir, { ...secrets, DATABASE_URL: db.url });
    try {
      // The processes' environments as the kernel holds them, once all five have started.
      const environments = new Map<string, Record<string, string>>();
      await until(
        () => {
          for (const pid of childrenOf(run.child.pid as number)) {
            const workload = workloadOf(pid);
            if (workload) environments.set(workload, environOf(pid));
          }
          return environments.size === 5 || run.child.exitCode !== null;
        },
        { ms: 60_000, everyMs: 200 },
      );
      expect([...environments.keys()].sort()).toEqual(['auth', 'avatar', 'gateway', 'payment', 'telegram-bot']);
      const holders = (name: string) =>
        [...environments]
          .filter(([, e]) => e[name] !== undefined)
          .map(([w]) => w)
          .sort();
      expect(holders('PROCESSOR_PRIVATE_KEY')).toEqual(['payment']);
      expect(holders('PROCESSOR_MERCHANT_ID')).toEqual(['payment']);
      expect(holders('TELEGRAM_BOT_TOKEN')).toEqual(['telegram-bot']);
      expect(holders('AUTH_TOTP_KEY')).toEqual(['auth']);
      expect(holders('AUTH_ADMIN_PASSWD')).toEqual(['gateway']);
      expect(holders('AUTH_SECRET')).toEqual(['auth', 'gateway']);
      expect(holders('DATABASE_URL')).toEqual(['auth', 'payment']);
      expect(holders('AUTH_UNLISTED_SECRET')).toEqual([]);
      expect(run.output()).toContain('AUTH_UNLISTED_SECRET is set, but no workload declares it: no process gets it');
    } finally {
      process.kill(-(run.child.pid as number), 'SIGTERM');
      await run.exited;
      await db.drop();
    }
  });

  it('stops on Ctrl-C with no warning, error or object dump', async () => {
    const devPort = String(await freePort());
    const run = await start(dataDir, { PAYMENT_DEV_PROCESSOR_PORT: devPort });
    await until(() => run.output().includes('Gatehouse is up') || run.child.exitCode !== null, {
      ms: 90_000,
      everyMs: 200,
    });
    expect(run.output()).toContain('Gatehouse is up');
    // The development processor posts its notifications to the gateway's own port (GATEWAY_PORT here),
    // which takes them: a `check` is verified by the payment service and changes nothing.
    const notified = await fetch(`http://127.0.0.1:${devPort}/dev/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'check' }),
    });
    expect(((await notified.json()) as { status: number | null }).status).toBe(200);
    const upTo = run.output().length;
    process.kill(-(run.child.pid as number), 'SIGINT'); // the terminal's Ctrl-C: every process of the group
    expect(await run.exited).toBe(0);
    const afterCtrlC = run.output().slice(upTo);
    expect(afterCtrlC).toContain('shutting down');
    expect(afterCtrlC).toContain('[start       ] stopped');
    expect(afterCtrlC).not.toMatch(/WARN|ERROR|FATAL|"severity"|\{\s*$/m);
  });
});
