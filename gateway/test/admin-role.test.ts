// Issue 33's "or given the admin role" (docs/accounts.md "Administration"), end to end: the application's
// claims hook (update-claims, served by the SDK as an application serves it) gives rhea the role
// `Admin`; the auth service signs it into her token; the admin listener then takes her cookie session
// on the same conditions as an AUTH_ADMIN_USERS user (TOTP at login, the XSRF header), and names her in
// the audit line. Another role is not an admin, whatever else the session has.
import { randomBytes } from 'node:crypto';
import { type RunningHooks, serveHooks } from '@gatehouse/hooks-sdk';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { userId } from '@gatehouse/token';
import { loggedIn, type PageBrowser, totpLogin } from './directory-stack';

const ROLES: Record<string, string> = { rhea: 'Admin', ed: 'editor' };
let stack: Stack;
let db: TestDatabase;
let hooks: RunningHooks;
let adminUrl: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_admin_role');
  hooks = await serveHooks(
    {
      async updateClaims(claims) {
        const role = claims.user && ROLES[claims.user.name];
        if (claims.user && role) claims.user.role = role;
        return claims;
      },
    },
    { port: 0, log: createLogger({ name: 'app-hooks', level: 'silent' }) },
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      AUTH_HOOKS_ADDR: `127.0.0.1:${hooks.port}`,
      AUTH_HOOKS: 'update-claims',
    },
  });
  adminUrl = `http://127.0.0.1:${stack.ports.admin}`;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  await db?.drop();
});

const asAdmin = async (b: PageBrowser, xsrf = true) =>
  b.request('GET', `${adminUrl}/admin/v1/users?query=rhea`, {
    headers: xsrf ? { 'x-xsrf-token': await b.xsrf() } : {},
  });

describe('an admin session by the role claim', () => {
  it('takes a user whose role claim is admin (any case), with TOTP and the XSRF header', async () => {
    const withoutTotp = await loggedIn(stack.url, 'rhea');
    const refused = await asAdmin(withoutTotp);
    // An admin by her role, still held to the second factor.
    expect([refused.status, (refused.json() as { error: string }).error]).toEqual([403, expect.stringMatching(/TOTP/)]);

    const rhea = await totpLogin(stack.url, 'rhea');
    expect((await asAdmin(rhea, false)).status).toBe(401);
    const ok = await asAdmin(rhea);
    expect(ok.status).toBe(200);
    expect((ok.json() as { users: { name: string }[] }).users.map((u) => u.name)).toEqual(['rhea']);
    const actor = `user:${userId('dev', 'rhea')}`;
    const log = await stack.waitForOutput('gateway', (o) => o.includes(`"actor":"${actor}"`));
    expect(log).toContain(`"actor":"${actor}","action":"list users"`);
  });

  it('refuses another role and no role, TOTP or not', async () => {
    for (const name of ['ed', 'nora']) {
      const res = await asAdmin(await totpLogin(stack.url, name));
      expect([res.status, res.json()]).toEqual([403, { error: 'not an admin' }]);
    }
  });
});
