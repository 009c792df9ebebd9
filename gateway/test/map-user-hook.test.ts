// The MapUser hook end to end: a custom OAuth2 provider (a real oidc-provider on loopback) whose
// user-info answer the application maps through its hooks server, built with the SDK.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningHooks, serveHooks } from '@gatehouse/hooks-sdk';
import { createLogger } from '@gatehouse/logger';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeOidcIdp } from '@gatehouse/test-kit/fakes/oidc-idp';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const idp = new FakeOidcIdp();
let stack: Stack;
let hooks: RunningHooks;
let dir: string;
const seen: { provider: string; info: Record<string, unknown> }[] = [];

beforeAll(async () => {
  await idp.start();
  hooks = await serveHooks(
    {
      async mapUser(provider, raw) {
        const info = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        seen.push({ provider, info });
        if (info.sub === 'nobody') throw new Error('unknown account');
        return { name: `${info.name} (mapped)`, id: `staff-${info.sub}`, picture: '', attrs: { team: 'blue' } };
      },
    },
    { port: 0, log: createLogger({ name: 'app-hooks', level: 'silent' }) },
  );
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-mapuser-'));
  writeFileSync(
    path.join(dir, 'auth.json'),
    JSON.stringify({
      providers: [
        {
          name: 'acme',
          clientId: 'acme-rp',
          clientSecret: 'acme-secret-0123456789',
          type: 'custom',
          authUrl: `${idp.url}/auth`,
          tokenUrl: `${idp.url}/token`,
          infoUrl: `${idp.url}/me`,
          scopes: ['openid', 'profile'],
          mapping: 'hook',
        },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: (ports) => {
      idp.setClients([
        {
          client_id: 'acme-rp',
          client_secret: 'acme-secret-0123456789',
          redirect_uris: [`http://127.0.0.1:${ports.gateway}/auth/acme/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ]);
      return {
        AUTH_CONFIG: path.join(dir, 'auth.json'),
        AUTH_DEV_PROVIDER: 'false',
        AUTH_HOOKS_ADDR: `127.0.0.1:${hooks.port}`,
        AUTH_HOOKS: 'map-user',
      };
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  await idp.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function login(browser: Browser) {
  const start = await browser.get('/auth/acme/login?noava=1');
  expect(start.status).toBe(302);
  let next = start.headers.get('location') as string;
  for (let hops = 0; hops < 6 && !next.startsWith(stack.url); hops++) {
    const res = await browser.request('GET', next);
    next = new URL(res.headers.get('location') as string, next).href;
  }
  return browser.request('GET', next);
}

it("maps the provider's user-info answer with the application's hook; ids keep the provider prefix", async () => {
  idp.nextUser = { sub: 'erin-sub', name: 'Erin', email: 'erin@example.com' };
  const browser = new Browser(stack.url);
  const answer = await login(browser);
  expect(answer.status).toBe(200);
  expect(answer.json()).toMatchObject({
    name: 'Erin (mapped)',
    id: `acme_${sha1('staff-erin-sub')}`,
    attrs: { team: 'blue' },
  });
  expect(seen.at(-1)).toMatchObject({ provider: 'acme', info: { sub: 'erin-sub', name: 'Erin' } });
});

it('refuses the login when the hook fails', async () => {
  idp.nextUser = { sub: 'nobody', name: 'Nobody', email: 'nobody@example.com' };
  const answer = await login(new Browser(stack.url));
  expect(answer.status).toBeGreaterThanOrEqual(500);
  expect(answer.cookies.filter((c) => /^JWT=[^;]/.test(c))).toEqual([]);
});
