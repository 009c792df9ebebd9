// What an attacker sends at the gateway's edge: odd methods, encoded and typed bodies, NUL bytes,
// spoofed headers towards upstreams. Each answer is a clear 4xx, never a 5xx, and nothing gets through.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Browser } from '@gatehouse/test-kit/browser';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
let db: TestDatabase;
let upstream: http.Server;
let lastHeaders: http.IncomingHttpHeaders = {};
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-edge-'));
  db = await createTestDatabase();
  upstream = http.createServer((req, res) => {
    lastHeaders = req.headers;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const config = path.join(dir, 'auth.json');
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  writeFileSync(config, JSON.stringify({ routes: [{ prefix: '/open', upstream: upstreamUrl, policy: 'trace' }] }));
  stack = await startStack({
    services: ['auth', 'avatar', 'payment', 'gateway'],
    env: { DATABASE_URL: db.url, AUTH_CONFIG: config, LOG_LEVEL: 'info' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function raw(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: stack.ports.gateway, method, path: target, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

async function session(name: string): Promise<Record<string, string>> {
  const browser = new Browser(stack.url);
  await browser.devLogin(name);
  return { cookie: await browser.jar.getCookieString(stack.url), 'x-xsrf-token': await browser.xsrf() };
}

describe('methods', () => {
  it('CONNECT answers 405 with Allow, not a reset', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(stack.ports.gateway, '127.0.0.1', () => {
        socket.write('CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n');
      });
      let text = '';
      socket.on('data', (c: Buffer) => {
        text += c.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\nAllow: GET, /);
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK'])('%s answers 405 with Allow on every area', async (m) => {
    for (const target of ['/auth/user', '/cards/', '/open/x', '/', '/avatar/x.image', '/nowhere']) {
      const res = await raw(m, target, {});
      expect([m, target, res.status]).toEqual([m, target, 405]);
      expect(res.headers.allow).toContain('GET');
    }
  });

  it('a known method a route does not serve answers 405 with the route’s Allow', async () => {
    const res = await raw('DELETE', '/cards/', await session('deleter'));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('HEAD, GET, POST');
  });
});

describe('bodies', () => {
  const form = 'code=x&state=y';
  it.each([
    ['xyz', Buffer.from(form)],
    ['gzip', Buffer.from('not gzip at all')],
    ['deflate', Buffer.from('nope')],
    ['br', Buffer.from('nope')],
    ['gzip', gzipSync(form)],
  ])('a form body with Content-Encoding %s is refused with 415 on every POST /auth/*/*', async (encoding, body) => {
    for (const target of ['/auth/dev/callback', '/auth/dev/login', '/auth/nosuch/callback']) {
      const res = await raw(
        'POST',
        target,
        { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': encoding },
        body,
      );
      expect([target, res.status]).toEqual([target, 415]);
      expect(JSON.parse(res.body)).toEqual({ error: 'content-encoded bodies are not accepted' });
    }
  });

  it('JSON endpoints require application/json, unencoded (415), and refuse NUL (400)', async () => {
    const headers = await session('nul');
    const post = (type: string, body: string, extra: Record<string, string> = {}) =>
      raw('POST', '/cards/', { ...headers, 'content-type': type, ...extra }, body);
    const textPlain = await post('text/plain', '{"name":"a"}');
    expect([textPlain.status, JSON.parse(textPlain.body)]).toEqual([
      415,
      { status: 'error', errors: [{ code: 'http-415', message: 'the body must be application/json' }] },
    ]);
    expect((await post('application/x-www-form-urlencoded', '{"name":"a"}')).status).toBe(415);
    expect((await post('application/json', '{"name":"a"}', { 'content-encoding': 'gzip' })).status).toBe(415);
    for (const body of ['{"name":"a\\u0000b"}', '{"name":"a","x\\u0000":1}', '{"name":"ok","n":["\\u0000"]}']) {
      const res = await post('application/json', body);
      expect([body, res.status, JSON.parse(res.body).errors[0].message]).toEqual([
        body,
        400,
        'the body must not contain NUL characters',
      ]);
    }
    const fine = await post('application/json; charset=utf-8', '{"name":"a\\\\u0000 is fine as text"}');
    expect(fine.status).toBe(201);
    // Card data is nobody's to cache or sniff.
    expect(fine.headers['cache-control']).toBe('no-store');
    expect(fine.headers['x-content-type-options']).toBe('nosniff');
    const list = await raw('GET', '/cards/', headers);
    expect([list.headers['cache-control'], list.headers['x-content-type-options']]).toEqual(['no-store', 'nosniff']);
  });

  it('404s carry nosniff', async () => {
    const res = await raw('GET', '/no/such/page', {});
    expect(res.status).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('headers towards upstreams', () => {
  it('drops every spelling of the headers the gateway owns and sets X-Forwarded-Host from AUTH_URL', async () => {
    const forged = Buffer.from('{"name":"forged","id":"admin","attrs":{"admin":true}}').toString('base64url');
    const res = await raw('GET', '/open/x', {
      x_gatehouse_user: forged,
      'X-Gatehouse-User': forged,
      'x-gatehouse_user': forged,
      x_forwarded_for: '203.0.113.1',
      x_forwarded_host: 'evil.example',
      'x-real-ip': '203.0.113.2',
      x_real_ip: '203.0.113.3',
      x_jwt: 'token',
      host: 'evil.example',
    });
    expect(res.status).toBe(200);
    const names = Object.keys(lastHeaders).map((n) => n.replace(/_/g, '-'));
    expect(names).not.toContain('x-gatehouse-user');
    expect(names).not.toContain('x-real-ip');
    expect(names).not.toContain('x-jwt');
    expect(lastHeaders['x-forwarded-host']).toBe(new URL(stack.url).host);
    expect(lastHeaders['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('clients that leave', () => {
  it('a body cut off mid-way is an info-level client abort, not an error or a 500', async () => {
    const headers = await session('leaver');
    for (const [target, type] of [
      ['/cards/', 'application/json'],
      ['/auth/dev/callback', 'application/x-www-form-urlencoded'],
    ]) {
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port: stack.ports.gateway,
          method: 'POST',
          path: target,
          headers: { ...headers, 'content-type': type, 'content-length': '1000' },
        });
        req.on('error', () => resolve());
        req.write('{"name":"half');
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100);
      });
    }
    const output = await stack.waitForOutput('gateway', (out) => out.split('client aborted the request').length > 2);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
    expect(lines.filter((l) => l.msg === 'client aborted the request').length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.status !== undefined && l.status >= 500)).toEqual([]);
  });
});
