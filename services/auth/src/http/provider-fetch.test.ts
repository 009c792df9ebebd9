import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { providerFetch, withProviderFetch } from './provider-fetch';

describe('providerFetch', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ method: req.method, body, headers: req.headers });
        if (req.url === '/redirect') return res.writeHead(302, { location: '/elsewhere' }).end();
        if (req.url === '/empty') return res.writeHead(204).end();
        if (req.url === '/slow') return; // never answers
        if (req.url === '/dribble') {
          // Headers at once, then a body that never ends.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"ok":');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const options = (extra: Partial<Parameters<typeof providerFetch>[1]> = {}) =>
    ({ method: 'GET', headers: {}, body: undefined, redirect: 'manual', ...extra }) as Parameters<
      typeof providerFetch
    >[1];

  it('sends the form openid-client gives it and answers a Response with every header', async () => {
    const res = await providerFetch(
      `${base}/token`,
      options({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'a b&c' }),
      }),
    );
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', body: 'grant_type=authorization_code&code=a+b%26c' });
    expect(last?.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it('never follows a redirect, and gives no body where a status has none', async () => {
    const moved = await providerFetch(`${base}/redirect`, options());
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/elsewhere']);
    const empty = await providerFetch(`${base}/empty`, options());
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('gives up when the signal says so (openid-client passes its timeout as one)', async () => {
    await expect(providerFetch(`${base}/slow`, options({ signal: AbortSignal.timeout(200) }))).rejects.toThrow();
  });

  it('gives up at its own deadline, waiting for the answer or for the rest of its body', async () => {
    // Neither server ever finishes: without the deadline these calls would hang past the test's timeout.
    for (const path of ['/slow', '/dribble']) {
      await expect(providerFetch(`${base}${path}`, options(), 200)).rejects.toThrow();
    }
    expect((await providerFetch(`${base}/token`, options(), 200)).status).toBe(200);
  });

  it("is what a configuration calls, with openid-client's own timeout off", async () => {
    const config = withProviderFetch(
      new oidc.Configuration({ issuer: base, token_endpoint: `${base}/slow` }, 'client', 'secret'),
      200,
    );
    oidc.allowInsecureRequests(config);
    expect(config.timeout).toBe(0);
    await expect(oidc.clientCredentialsGrant(config, {})).rejects.toThrow();
  });
});
