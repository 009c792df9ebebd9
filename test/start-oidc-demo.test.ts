// `pnpm start` with the OpenID provider's demo client, as a newcomer meets it (README "Quick start",
// docs/openid-provider.md "The demo client"): the start lines name the issuer and the one command to
// try, and that command, `pnpm oidc-demo` (scripts/oidc-demo.ts, openid-client), logs a person in
// against the real start: its authorization URL answered in a browser that logs in with dev and allows
// the consent page, the code taken back on its loopback listener, the ID token, userinfo and a refresh.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort, ROOT } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { authorizeInBrowser } from '../gateway/test/oidc-stack';
import { type Run, start, startLines } from './start-run';

jest.setTimeout(120_000);

let dataDir: string;
let db: TestDatabase;
let run: Run | undefined;
let demo: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gh-start-demo-'));
  chmodSync(dataDir, 0o755);
  db = await createTestDatabase('gh_start_demo');
});

afterAll(async () => {
  if (demo && demo.exitCode === null) demo.kill('SIGTERM');
  if (run && run.child.exitCode === null) {
    process.kill(-(run.child.pid as number), 'SIGINT');
    await run.exited;
  }
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('names the demo client in its start lines, and pnpm oidc-demo logs in against it', async () => {
  run = await start(dataDir, { DATABASE_URL: db.url });
  const started = run;
  await until(() => started.output().includes('Gatehouse is up') || started.child.exitCode !== null, {
    ms: 90_000,
    everyMs: 200,
    what: 'pnpm start to be up',
  });
  const issuer = started.env.AUTH_URL as string;
  const lines = startLines(started.output());
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringContaining(`OpenID provider: issuer ${issuer}, demo client "gatehouse-demo"`),
      expect.stringContaining(`pnpm oidc-demo --issuer ${issuer}`),
    ]),
  );

  // The command as package.json's script runs it, on a free loopback port (a native client's any port).
  const port = await freePort();
  let output = '';
  demo = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/oidc-demo.ts', '--issuer', issuer, '--port', String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    },
  );
  demo.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  demo.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => demo?.once('exit', resolve));
  const authorization = await until(() => /^(http:\/\/\S+\/oidc\/auth\?\S+)$/m.exec(output)?.[1], {
    ms: 30_000,
    what: `the demo's authorization URL (so far: ${output})`,
  });
  const back = await authorizeInBrowser(new Browser(issuer), authorization, 'demo-dora');
  expect(back.origin).toBe(`http://127.0.0.1:${port}`);
  const answered = await fetch(back);
  expect(await answered.text()).toBe('Logged in as demo-dora. You can close this tab.');
  expect(await exited).toBe(0);
  expect(output).toMatch(/ID token claims: \{.*"aud":"gatehouse-demo"/);
  expect(output).toMatch(/userinfo: \{.*"name":"demo-dora"/);
  expect(output).toContain('the refresh token rotated');
});
