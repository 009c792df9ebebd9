// A policy is decided on one canonical form of the path, and the upstream receives exactly that path:
// percent-escapes, matrix parameters, empty and dot segments cannot carry a request past a stricter
// nested route (/app/admin, admin) under a looser one (/app, auth).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
let upstream: http.Server;
let seen: string[] = [];
let dir: string;
const ADMIN = `Basic ${Buffer.from('admin:admin-password-for-tests').toString('base64')}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-paths-'));
  upstream = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      routes: [
        { prefix: '/app', upstream: upstreamUrl, policy: 'auth' },
        { prefix: '/app/admin', upstream: upstreamUrl, policy: 'admin' },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_CONFIG: config, AUTH_ADMIN_PASSWD: 'admin-password-for-tests' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Sent on a raw socket request: fetch would normalise the path before it leaves. */
function rawGet(target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: stack.ports.gateway, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

async function userHeaders(name: string): Promise<Record<string, string>> {
  const browser = new Browser(stack.url);
  const res = await browser.devLogin(name);
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  return { cookie: await browser.jar.getCookieString(stack.url), 'x-xsrf-token': await browser.xsrf() };
}

describe('nested policies on canonical paths', () => {
  it('applies the admin policy to every spelling of /app/admin, for a logged-in non-admin', async () => {
    const headers = await userHeaders('ann');
    seen = [];
    const spellings = ['/app/admin/x', '/app/%61dmin/x', '/app/%61%64%6D%69%6E/x', '/app/ADMIN/x', '/app/admin'];
    for (const target of spellings) {
      expect([target, (await rawGet(target, headers)).status]).toEqual([target, 403]);
    }
    const ambiguous = [
      '/app/admin;x/y',
      '/app/admin%3bx/y',
      '/app//admin/x',
      '/app/x/..//admin/x',
      '/app/%2fadmin/x',
      '/app%2fadmin/x',
      '/app/%5cadmin/x',
      '/app/x%5c..%5cadmin',
      '/app/./admin/x',
      '/app/x/../admin/x',
      '/app/%2e%2e/app/admin/x',
      '/app/%2561dmin/x',
      '/app/%00/admin',
      '/app/admin%2f/x',
    ];
    for (const target of ambiguous) {
      const res = await rawGet(target, headers);
      expect([target, res.status, JSON.parse(res.body)]).toEqual([target, 400, { error: 'invalid path' }]);
    }
    expect(seen).toEqual([]); // none of them reached the upstream
  });

  it('sends the upstream exactly the canonical path the policy was decided on', async () => {
    const headers = await userHeaders('bob');
    seen = [];
    const res = await rawGet('/app/%62ook%20s/%7Eme?q=%61', headers);
    expect(res.status).toBe(200);
    expect(seen).toEqual(['/app/book%20s/~me?q=a']); // the query is re-serialised without ?token=

    seen = [];
    const admin = await rawGet('/app/%61dmin/x', { authorization: ADMIN });
    expect(admin.status).toBe(200);
    expect(seen).toEqual(['/app/admin/x']);
  });
});
