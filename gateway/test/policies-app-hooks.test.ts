// Application hooks that replace the gateway's own decisions, end to end: the CheckBasicAuth hook decides
// basic auth (the admin password then no longer works), and ReadSecret gives each audience its secret.
// The same upstream and routes as policies.test.ts (policy-stack.ts), on a stack of their own.

import { Browser } from '@gatehouse/test-kit/browser';
import type { Stack } from '@gatehouse/test-kit/stack';
import { decodeJwt, jwtVerify } from 'jose';
import { ADMIN, decodeUser, type Echo, type PolicyStack, startPolicyStack } from './policy-stack';

describe('basic auth by the application hook, and per-audience secrets from the ReadSecret hook', () => {
  let policy: PolicyStack;
  let second: Stack;
  const secrets: Record<string, string> = { 'site-a': 'a'.repeat(40), 'site-b': 'b'.repeat(40) };
  const lateBlocked = new Set<string>();

  beforeAll(async () => {
    policy = await startPolicyStack(
      {
        async checkBasicAuth(user, password) {
          return user === 'ops-bot' && password === 'bot-pw'
            ? { name: 'ops-bot', id: 'app_ops-bot', picture: '', role: 'ops' }
            : null;
        },
        // Blocking as the seed describes it: the updater marks the user at login and at every refresh,
        // the validator refuses marked users on every request.
        async updateClaims(claims) {
          if (claims.user && lateBlocked.has(claims.user.name)) {
            claims.user.attrs = { ...claims.user.attrs, blocked: true };
          }
          return claims;
        },
        async validate(_token, claims) {
          return claims.user?.attrs?.blocked !== true;
        },
        async readSecret(audience) {
          const secret = secrets[audience];
          if (!secret) throw new Error(`no secret for ${audience}`);
          return secret;
        },
      },
      {
        AUTH_AUDIENCES: 'site-a,site-b',
        AUTH_HOOKS: 'check-basic-auth,read-secret,update-claims,validate',
        AUTH_TOKEN_DURATION: '1s',
      },
    );
    second = policy.stack;
  }, 60_000);

  afterAll(() => policy?.close());

  it('lets the hook decide basic auth; the admin password no longer works', async () => {
    const bot = `Basic ${Buffer.from('ops-bot:bot-pw').toString('base64')}`;
    const res = await new Browser(second.url).get('/staff/jobs', { authorization: bot });
    expect(res.status).toBe(200);
    expect(decodeUser((res.json() as Echo).headers['x-gatehouse-user'])).toMatchObject({
      id: 'app_ops-bot',
      role: 'ops',
    });
    expect((await new Browser(second.url).get('/staff', { authorization: ADMIN })).status).toBe(401);
  });

  it('signs each audience with its own secret and accepts both', async () => {
    for (const site of ['site-a', 'site-b']) {
      const browser = new Browser(second.url);
      expect((await browser.devLogin('ann', `?site=${site}`)).status).toBe(200);
      const token = (await browser.cookie('JWT')) as string;
      const at = new Date(((decodeJwt(token).iat as number) + 0.5) * 1000); // tokens here live one second
      await expect(
        jwtVerify(token, new TextEncoder().encode(secrets[site]), { currentDate: at }),
      ).resolves.toBeTruthy();
      expect((await browser.getWithXsrf('/app/x')).status).toBe(200);
    }
    const other = new Browser(second.url);
    expect((await other.get('/auth/dev/login?site=site-c')).status).toBe(403);
  });

  it('blocks a user at the next refresh: the updater marks them, the validator refuses at once', async () => {
    const browser = new Browser(second.url);
    expect((await browser.devLogin('rita', '?site=site-a')).status).toBe(200);
    expect((await browser.getWithXsrf('/app/x')).status).toBe(200);
    lateBlocked.add('rita'); // the application blocks her; her current token does not say so yet
    await new Promise((r) => setTimeout(r, 1100)); // the token (1 s) expires; the next request refreshes it
    const res = await browser.getWithXsrf('/app/x');
    expect([res.status, res.json()]).toEqual([401, { error: 'token is not valid' }]);
  });
});
