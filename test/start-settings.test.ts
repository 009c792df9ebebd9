// `pnpm start` gives each process the settings its schema declares, whatever their names look like:
// WEBHOOK_ALLOW_PRIVATE=true (docs/events.md, the switch for trying webhooks against a receiver on this
// machine) reaches the auth service, so a loopback receiver is registered and delivered to (issue 44).
// Before, the name "looked like a secret" and no process got it.

import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { ROOT } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { type Run, start } from './start-run';

jest.setTimeout(150_000);

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Whether a delivery carries a Standard Webhooks signature made with `secret` (whsec_<base64 key>). */
function signedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .includes(`v1,${expected}`);
}

let dataDir: string;
let db: TestDatabase;
let receiver: http.Server;
const received: Received[] = [];
let run: Run | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gh-start-'));
  chmodSync(dataDir, 0o755);
  db = await createTestDatabase('gh_start_hooks');
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  if (run && run.child.exitCode === null) {
    process.kill(-(run.child.pid as number), 'SIGTERM');
    await run.exited;
  }
  await new Promise((r) => receiver.close(r));
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('WEBHOOK_ALLOW_PRIVATE=true pnpm start registers a loopback receiver and delivers a login to it', async () => {
  const started = await start(dataDir, { DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: 'true' });
  run = started;
  await until(() => started.output().includes('Gatehouse is up') || started.child.exitCode !== null, {
    ms: 90_000,
    everyMs: 200,
  });
  expect(started.output()).toContain('Gatehouse is up');
  // Among the start lines: where the admin console is, which answers there (docs/admin-console.md).
  expect(started.output()).toContain(`Admin console: http://${started.env.ADMIN_ADDR}/ (paste the operator token`);
  const page = await fetch(`http://${started.env.ADMIN_ADDR}/`);
  expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);

  // The operator's workload token for the admin API, signed with the key pnpm start made.
  const token = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(dataDir, 'workload-keys') },
  })
    .toString()
    .trim();
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const created = await fetch(`http://${started.env.ADMIN_ADDR}/admin/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, event_types: ['login.*'], description: 'pnpm start' }),
  });
  const endpoint = (await created.json()) as { id?: string; secret?: string; error?: string };
  expect({ status: created.status, error: endpoint.error }).toEqual({ status: 201, error: undefined });

  const browser = new Browser(`http://127.0.0.1:${started.env.GATEWAY_PORT}`);
  expect((await browser.devLogin('hook-reader')).status).toBe(200);
  const delivery = await until(
    () => received.find((r) => (JSON.parse(r.body) as { type?: string }).type === 'login.succeeded'),
    30_000,
  );
  expect(signedWith(endpoint.secret ?? '', delivery)).toBe(true);
  expect(JSON.parse(delivery.body)).toMatchObject({ type: 'login.succeeded' });
});
