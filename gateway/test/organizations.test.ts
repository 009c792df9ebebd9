// Organisations through the real stack (docs/organizations.md): auth with its Postgres directory, two
// gateways, an application upstream behind org, org:<role>, perm: and {org} routes. Tenancy holds by
// cookie and by X-JWT, a lost membership or role is refused on both gateways (one holding a cached token)
// within a second, invitations are single use, expire and need the invited verified address.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { Pool } from 'pg';
import { PageBrowser } from './directory-stack';
import { decodeUser } from './policy-stack';

let stack: Stack;
let second: { url: string; stop(): Promise<void> };
let authDb: TestDatabase;
let db: Pool;
let upstream: http.Server;
let dir: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, user: decodeUser(req.headers['x-gatehouse-user'] as string) }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-orgs-'));
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      organizations: { roles: { admin: ['members:write', 'billing:read'], member: ['billing:read'] } },
      routes: [
        { prefix: '/orgs/{org}/app', upstream: url, policy: 'org', stripPrefix: true },
        { prefix: '/billing', upstream: url, policy: 'perm:billing:read' },
        { prefix: '/manage', upstream: url, policy: 'perm:members:write' },
        { prefix: '/org-admin', upstream: url, policy: 'org:admin' },
        // Any organisation of the caller's, active or not: asked of the auth service, decided with its roles.
        { prefix: '/ws/{org}', upstream: url, policy: 'org:owner', anyOrg: true, stripPrefix: true },
      ],
    }),
  );
  authDb = await createTestDatabase('gh_gw_orgs');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: authDb.url,
    env: {
      AUTH_CONFIG: config,
      AUTH_ORG_CREATE: 'anyone',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  });
  second = await stack.addGateway();
  db = new Pool({ connectionString: authDb.url, max: 2 });
}, 90_000);

afterAll(async () => {
  await db?.end();
  await second?.stop();
  await stack?.stop();
  await authDb?.drop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function login(name: string, email?: string): Promise<PageBrowser & { id: string }> {
  const b = new PageBrowser(stack.url);
  const res = await b.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name}: ${res.status} ${res.text}`);
  const id = await b.userId();
  // The address a provider verified, as the directory records it (users.email_verified_by).
  if (email) await db.query("UPDATE auth.users SET email = $2, email_verified_by = 'test' WHERE id = $1", [id, email]);
  return Object.assign(b, { id });
}

async function createOrg(b: PageBrowser, slug: string): Promise<string> {
  const res = await b.send('POST', '/auth/orgs', { name: slug.toUpperCase(), slug });
  expect(res.status).toBe(201);
  return (res.json() as { id: string }).id;
}

async function switchTo(b: PageBrowser, orgId: string): Promise<string> {
  const res = await b.send('POST', `/auth/orgs/${orgId}/switch`);
  expect([res.status, res.json()]).toEqual([200, { org: orgId }]);
  return (await b.cookie('JWT')) as string;
}

async function join(owner: PageBrowser, orgId: string, member: PageBrowser, email: string, roles: string[]) {
  const inv = await owner.send('POST', `/auth/orgs/${orgId}/invitations`, { email, roles });
  expect(inv.status).toBe(201);
  const { token } = inv.json() as { token: string };
  expect((await member.send('POST', `/auth/invitations/${token}/accept`)).status).toBe(200);
  return token;
}

const byJwt = (url: string, p: string, token: string) => new Browser(url).get(p, { 'x-jwt': token });

describe('organisations through the gateway', () => {
  it('keeps each organisation to its members, by cookie and by X-JWT, and hands the upstream the org', async () => {
    const alice = await login('org-alice');
    const bob = await login('org-bob');
    const a = await createOrg(alice, 'a-corp');
    const b = await createOrg(bob, 'b-corp');
    const aliceToken = await switchTo(alice, a);
    await switchTo(bob, b);

    const own = await alice.send('GET', '/orgs/a-corp/app/page?x=1');
    expect(own.status).toBe(200);
    expect(own.json()).toMatchObject({ url: '/page?x=1', user: { attrs: { org: a, org_roles: ['owner'] } } });
    expect((await byJwt(stack.url, `/orgs/${a}/app/page`, aliceToken)).status).toBe(200);

    // Every route of B, by cookie and by X-JWT, on both gateways.
    const routesOfB = [
      ['GET', `/orgs/${b}/app/page`],
      ['GET', '/orgs/b-corp/app'],
      ['GET', `/auth/orgs/${b}/members`],
      ['POST', `/auth/orgs/${b}/invitations`, { email: 'x@b.test', roles: ['member'] }],
      ['PUT', `/auth/orgs/${b}/members/${bob.id}`, { roles: ['member'] }],
      ['DELETE', `/auth/orgs/${b}/members/${bob.id}`],
      ['POST', `/auth/orgs/${b}/leave`],
      ['POST', `/auth/orgs/${b}/transfer`, { user_id: alice.id }],
      ['POST', `/auth/orgs/${b}/switch`],
    ] as const;
    for (const [method, p, body] of routesOfB) {
      expect([method, p, (await alice.send(method, p, body)).status]).toEqual([method, p, 403]);
      for (const url of [stack.url, second.url]) {
        const res = await new Browser(url).request(method, p, {
          headers: { 'x-jwt': aliceToken, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        });
        expect([url, method, p, res.status]).toEqual([url, method, p, 403]);
      }
    }
    // A session with no active organisation passes no org route but an anyOrg one of its own organisations.
    const fresh = await login('org-alice');
    expect((await fresh.send('GET', '/orgs/a-corp/app')).status).toBe(403);
    const any = await fresh.send('GET', '/ws/a-corp/x');
    expect([any.status, any.json()]).toMatchObject([
      200,
      { url: '/x', user: { attrs: { org: a, org_slug: 'a-corp' } } },
    ]);
    expect((await fresh.send('GET', `/ws/${b}/x`)).status).toBe(403);
    expect((await alice.send('GET', '/ws/b-corp/x')).status).toBe(403);
    expect((await byJwt(second.url, '/ws/b-corp', aliceToken)).status).toBe(403);
    expect((await alice.send('GET', '/auth/orgs')).json()).toMatchObject({
      organizations: [{ id: a, slug: 'a-corp', roles: ['owner'] }],
    });
  }, 60_000);

  it('holds perm: and org:<role>, and ends a lost role or membership on both gateways within a second', async () => {
    const owner = await login('org-olga');
    const org = await createOrg(owner, 'c-corp');
    await switchTo(owner, org);
    const carol = await login('org-carol', 'carol@c.test');
    const dave = await login('org-dave', 'dave@c.test');
    await join(owner, org, carol, 'carol@c.test', ['member']);
    await join(owner, org, dave, 'Dave@C.test', ['admin']);
    const carolToken = await switchTo(carol, org);
    const daveToken = await switchTo(dave, org);

    expect((await carol.send('GET', '/billing')).status).toBe(200);
    expect((await carol.send('GET', '/manage')).status).toBe(403);
    expect((await carol.send('GET', '/org-admin')).status).toBe(403);
    expect((await dave.send('GET', '/manage')).status).toBe(200);
    expect((await dave.send('GET', '/org-admin')).status).toBe(200);
    // The owner holds every role's rights.
    expect((await owner.send('GET', '/org-admin')).status).toBe(200);

    // Both gateways verify and cache the tokens: their fast path would answer them.
    for (const url of [stack.url, second.url]) {
      expect((await byJwt(url, '/org-admin', daveToken)).status).toBe(200);
      expect((await byJwt(url, '/billing', carolToken)).status).toBe(200);
    }

    const refusedEverywhere = (p: string, token: string) =>
      until(
        async () => {
          const answers = await Promise.all([stack.url, second.url].map((u) => byJwt(u, p, token)));
          return answers.every((r) => r.status === 401) && answers;
        },
        { ms: 1000, everyMs: 50, what: `${p} refused on both gateways within a second` },
      );

    // A role taken away: dave's admin rights end everywhere.
    const demoted = await owner.send('PUT', `/auth/orgs/${org}/members/${dave.id}`, { roles: ['member'] });
    expect([demoted.status, demoted.json()]).toEqual([200, { user_id: dave.id, roles: ['member'] }]);
    await refusedEverywhere('/org-admin', daveToken);
    // Logged in again, dave's token carries what the membership says now.
    const daveAgain = await login('org-dave');
    await switchTo(daveAgain, org);
    expect((await daveAgain.send('GET', '/org-admin')).status).toBe(403);
    expect((await daveAgain.send('GET', '/billing')).status).toBe(200);

    // A membership removed: carol's token ends everywhere, and a new session cannot switch back.
    expect((await owner.send('DELETE', `/auth/orgs/${org}/members/${carol.id}`)).status).toBe(204);
    await refusedEverywhere('/billing', carolToken);
    const carolAgain = await login('org-carol');
    expect((await carolAgain.send('POST', `/auth/orgs/${org}/switch`)).status).toBe(403);

    // The trail has each change with its actor.
    const { rows } = await db.query("SELECT type, actor_id FROM events.events WHERE data->>'org_id' = $1 ORDER BY id", [
      org,
    ]);
    expect(rows.map((r) => r.type)).toEqual([
      'organization.created',
      'membership.added',
      'invitation.created',
      'invitation.accepted',
      'membership.added',
      'invitation.created',
      'invitation.accepted',
      'membership.added',
      'membership.roles_changed',
      'membership.removed',
    ]);
    expect(rows.filter((r) => r.type === 'membership.removed')[0]?.actor_id).toBe(owner.id);
  }, 60_000);

  it('uses an invitation once, before expiry, by the invited verified address only; the last owner stays', async () => {
    const owner = await login('org-otto');
    const org = await createOrg(owner, 'd-corp');
    const erin = await login('org-erin', 'erin@d.test');
    const frank = await login('org-frank'); // no verified address
    const inv = await owner.send('POST', `/auth/orgs/${org}/invitations`, { email: 'erin@d.test', roles: ['member'] });
    const { token, id } = inv.json() as { token: string; id: string };
    expect(id).toMatch(/^inv_/);

    const notRecipient = await frank.send('POST', `/auth/invitations/${token}/accept`);
    expect([notRecipient.status, notRecipient.json()]).toEqual([
      403,
      { error: 'the invited address is not a verified address of this account' },
    ]);
    expect((await erin.send('POST', `/auth/invitations/${token}/accept`)).status).toBe(200);
    expect((await erin.send('POST', `/auth/invitations/${token}/accept`)).status).toBe(404);

    const late = await owner.send('POST', `/auth/orgs/${org}/invitations`, { email: 'erin@d.test', roles: ['admin'] });
    const lateInv = late.json() as { token: string; id: string };
    await db.query("UPDATE auth.org_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [
      lateInv.id,
    ]);
    expect((await erin.send('POST', `/auth/invitations/${lateInv.token}/accept`)).status).toBe(404);

    const revoked = await owner.send('POST', `/auth/orgs/${org}/invitations`, { email: 'erin@d.test', roles: [] });
    const revokedInv = revoked.json() as { token: string; id: string };
    expect((await owner.send('DELETE', `/auth/orgs/${org}/invitations/${revokedInv.id}`)).status).toBe(204);
    expect((await erin.send('POST', `/auth/invitations/${revokedInv.token}/accept`)).status).toBe(404);

    const leave = await owner.send('POST', `/auth/orgs/${org}/leave`);
    expect([leave.status, leave.json()]).toEqual([409, { error: 'the last owner cannot leave or lose ownership' }]);
    expect((await owner.send('POST', `/auth/orgs/${org}/transfer`, { user_id: erin.id })).status).toBe(204);
    const members = await erin.send('GET', `/auth/orgs/${org}/members`);
    expect(members.json()).toMatchObject({
      members: expect.arrayContaining([expect.objectContaining({ user_id: erin.id, roles: ['owner', 'member'] })]),
    });
  }, 60_000);
});
