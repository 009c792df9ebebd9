// The admin API over HTTP (docs/accounts.md "Administration") on the gateway's admin listener, through
// real auth (directory in Postgres), avatar, payment and two gateways: an operator's workload token
// finds alice by name prefix, pages through 500 users without repeats or gaps, blocks her (her session
// refused on both gateways within 1 s, her logins refused), unblocks, exports her, and cannot delete
// her while a card holds money. The listener is attacked too: forged and misdirected tokens, basic
// auth, sessions of non-admins, odd methods and encoded paths; the public port never serves it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { userId } from '@gatehouse/token';
import { SignJWT } from 'jose';
import { Client } from 'pg';
import { type DirectoryStack, loggedIn, type PageBrowser, startDirectoryStack, totpLogin } from './directory-stack';
import { AnswerChecker, type Document } from './openapi-answers';

const PASSWORD = 'admin-password-long-enough';
let dir: DirectoryStack;
let checker: AnswerChecker;
let operator: string;

beforeAll(async () => {
  dir = await startDirectoryStack({
    AUTH_ADMIN_PASSWD: PASSWORD,
    AUTH_ADMIN_USERS: [userId('dev', 'root'), userId('dev', 'tessa')].join(','),
    AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
  });
  operator = dir.workloadToken('admin');
  const doc = await fetch(`${dir.adminUrl}/admin/v1/openapi.json`);
  checker = new AnswerChecker((await doc.json()) as Document);
}, 90_000);
afterAll(async () => {
  await dir?.stop();
});

/** A call of the admin API, its answer checked against the admin OpenAPI document. */
async function admin(method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const browser = new Browser(dir.adminUrl);
  const headers: Record<string, string> = { authorization: `Bearer ${init.token ?? operator}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await browser.request(method, path, {
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(checker.problems(method, path, res)).toEqual([]);
  return res;
}

/** Asks `url` with `token` until refused (401) or the time is up: the milliseconds it took, or -1. */
async function refusedWithin(url: string, token: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if ((await new Browser(url).get('/auth/user', { 'x-jwt': token })).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return -1;
}

describe('the admin API with an operator token', () => {
  it('finds alice by name prefix, shows, blocks (every gateway within 1 s), unblocks, exports her', async () => {
    const alice = await loggedIn(dir.stack.url, 'alice');
    const aliceId = await alice.userId();
    const found = await admin('GET', '/admin/v1/users?query=ALI');
    expect(found.status).toBe(200);
    expect((found.json() as { users: { id: string; name: string; status: string }[] }).users).toEqual([
      expect.objectContaining({ id: aliceId, name: 'alice', status: 'active' }),
    ]);
    const shown = await admin('GET', `/admin/v1/users/${aliceId}`);
    expect(shown.status).toBe(200);
    expect(shown.json()).toMatchObject({ user: { id: aliceId }, totp_enabled: false, sessions: [{ provider: 'dev' }] });

    const token = (await alice.cookie('JWT')) as string;
    expect((await new Browser(dir.second.url).get('/auth/user', { 'x-jwt': token })).status).toBe(200);
    const blocked = await admin('POST', `/admin/v1/users/${aliceId}/block`, { body: { reason: 'chargebacks' } });
    expect(blocked.status).toBe(200);
    expect(blocked.json()).toEqual({ ended: 1 });
    // This gateway refuses the session at once; the other hears the auth service's feed.
    expect((await new Browser(dir.stack.url).get('/auth/user', { 'x-jwt': token })).status).toBe(401);
    const elsewhere = await refusedWithin(dir.second.url, token, 1000);
    expect(elsewhere).toBeGreaterThanOrEqual(0);
    const again = await new Browser(dir.stack.url).devLogin('alice');
    expect([again.status, again.json()]).toEqual([403, { error: 'user blocked' }]);
    const listedBlocked = await admin('GET', '/admin/v1/users?status=blocked&query=alice');
    expect((listedBlocked.json() as { users: unknown[] }).users).toEqual([
      expect.objectContaining({ id: aliceId, status: 'blocked', block_reason: 'chargebacks' }),
    ]);

    expect((await admin('POST', `/admin/v1/users/${aliceId}/unblock`)).status).toBe(204);
    const back = await loggedIn(dir.stack.url, 'alice');
    expect(await back.userId()).toBe(aliceId);
    const ended = await admin('POST', `/admin/v1/users/${aliceId}/sessions/end`);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await back.send('GET', '/auth/user')).status).toBe(401);

    const exported = await admin('GET', `/admin/v1/users/${aliceId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain(aliceId);
    expect(exported.text).not.toMatch(/secret|public_key/i);
    // Every call left an audit line naming who, what and whom.
    const log = await dir.stack.waitForOutput('gateway', (o) => o.includes('"action":"export user"'));
    const blockLine = log.split('\n').find((l) => l.includes('"action":"block user"'));
    expect(JSON.parse(blockLine as string)).toMatchObject({ audit: true, actor: 'operator', target: aliceId });
  });

  it('cannot delete a user while a card holds money; can once it is gone', async () => {
    const rich = await loggedIn(dir.stack.url, 'rich');
    const card = await rich.send('POST', '/cards/', { name: 'wallet' });
    expect(card.status).toBe(201);
    const id = (card.json() as { id: number }).id;
    const loaded = await rich.send('POST', `/cards/${id}/load/`, { nonce: 'fake-valid-nonce', amount: '10.00' });
    expect(loaded.status).toBe(200);
    const refused = await admin('DELETE', `/admin/v1/users/${userId('dev', 'rich')}`);
    expect([refused.status, refused.json()]).toEqual([409, { error: 'user has funds' }]);

    const poor = await loggedIn(dir.stack.url, 'poor');
    // The picture the avatar service keeps for them (an identicon made at login), served before the erasure.
    const picture = new URL(((await poor.send('GET', '/auth/user')).json() as { picture: string }).picture).pathname;
    expect((await new Browser(dir.stack.url).get(picture)).status).toBe(200);
    expect((await admin('DELETE', `/admin/v1/users/${await poor.userId()}`)).status).toBe(204);
    expect((await admin('GET', `/admin/v1/users/${userId('dev', 'poor')}`)).status).toBe(404);
    expect((await poor.send('GET', '/auth/user')).status).toBe(401);
    // Erased with the rest: the avatar service no longer has it (asked through the second gateway, whose
    // cache never held it; the first serves its cached copy for at most its cache's minute).
    expect((await new Browser(dir.second.url).get(picture)).status).toBe(404);
  });

  it('pages through 500 users with the cursor, without repeats or gaps', async () => {
    const client = new Client({ connectionString: dir.authDb.url });
    await client.connect();
    await client.query(
      `INSERT INTO auth.users (id, name) SELECT 'pager_' || md5(g::text), 'Pager ' || g FROM generate_series(1, 500) g`,
    );
    await client.end();
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 20; page++) {
      const res = await admin(
        'GET',
        `/admin/v1/users?query=pager&limit=37${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      const { users, next } = res.json() as { users: { id: string }[]; next: string | null };
      seen.push(...users.map((u) => u.id));
      if (!next) break;
      cursor = next;
    }
    expect(seen).toHaveLength(500);
    expect(new Set(seen).size).toBe(500);
    // Newest first (the console's order): one INSERT gave all 500 the same created_at, so the keyset's
    // id breaks every tie; pages neither repeat nor skip.
    const newest: string[] = [];
    cursor = '';
    for (let page = 0; page < 20; page++) {
      const res = await admin(
        'GET',
        `/admin/v1/users?query=pager&order=newest&limit=37${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      const { users, next } = res.json() as { users: { id: string }[]; next: string | null };
      newest.push(...users.map((u) => u.id));
      if (!next) break;
      cursor = next;
    }
    expect(newest).toEqual([...seen].sort().reverse());
    expect((await admin('GET', '/admin/v1/users?order=oldest')).status).toBe(400);
    expect(
      (await admin('GET', `/admin/v1/users?order=newest&cursor=${encodeURIComponent(seen[0] ?? '')}`)).status,
    ).toBe(400);
    expect((await admin('GET', '/admin/v1/users?query=pager')).json()).toMatchObject({ users: expect.any(Array) });
    expect(((await admin('GET', '/admin/v1/users?query=pager')).json() as { users: unknown[] }).users).toHaveLength(50);
    expect((await admin('GET', '/admin/v1/users?limit=201')).status).toBe(400);
    expect((await admin('GET', '/admin/v1/users?status=gone')).status).toBe(400);
  });
});

describe('pnpm admin, the command line', () => {
  it('lists, shows, blocks and unblocks; refusals exit 1 with the API’s words, bad usage 2', async () => {
    const cli = await loggedIn(dir.stack.url, 'cli-carl');
    const id = await cli.userId();
    const listed = dir.adminCli(['users', 'list', '--query', 'cli-', '--all']);
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([id]);
    expect(JSON.parse(dir.adminCli(['users', 'show', id]).stdout)).toMatchObject({ user: { id, name: 'cli-carl' } });
    expect(JSON.parse(dir.adminCli(['users', 'block', id, '--reason', 'from the shell']).stdout)).toEqual({ ended: 1 });
    expect((await cli.send('GET', '/auth/user')).status).toBe(401);
    expect(dir.adminCli(['users', 'unblock', id]).status).toBe(0);
    expect(await (await loggedIn(dir.stack.url, 'cli-carl')).userId()).toBe(id);
    const missing = dir.adminCli(['users', 'show', userId('dev', 'nobody-at-all')]);
    expect([missing.status, missing.stderr.trim()]).toEqual([1, '404: user not found']);
    expect(dir.adminCli(['users', 'block', id]).status).toBe(2);
    expect(dir.adminCli(['groups', 'list']).status).toBe(2);
  });

  it('manages webhooks and reads the trail: each answer as the API gives it, the same exit codes', async () => {
    const json = (args: string[]) => {
      const run = dir.adminCli(args);
      expect([run.status, run.stderr]).toEqual([0, '']);
      return run.stdout.trim() ? JSON.parse(run.stdout) : undefined;
    };
    const url = 'https://hooks.example.com/gatehouse';
    const made = json([
      'webhooks',
      'create',
      '--url',
      url,
      '--types',
      'load.*, card.created',
      '--description',
      'shell',
    ]);
    expect(made).toMatchObject({ url, event_types: ['load.*', 'card.created'], description: 'shell' });
    expect(made.secret).toMatch(/^whsec_/);
    expect(json(['webhooks', 'list']).webhooks.map((w: { id: string }) => w.id)).toContain(made.id);
    expect(json(['webhooks', 'show', made.id])).not.toHaveProperty('secret');
    expect(json(['webhooks', 'rotate-secret', made.id]).secret).toMatch(/^whsec_/);
    expect(json(['webhooks', 'deliveries', made.id, '--limit', '5'])).toEqual({ deliveries: [] });
    expect(json(['webhooks', 'update', made.id, '--types', 'dispute.*'])).toMatchObject({
      event_types: ['dispute.*'],
      description: 'shell',
    });
    expect(json(['webhooks', 'disable', made.id, '--reason', 'moving'])).toMatchObject({
      enabled: false,
      disabled_reason: 'moving',
    });
    const badTypes = dir.adminCli(['webhooks', 'update', made.id, '--types', 'nope.*']);
    expect([badTypes.status, badTypes.stderr.trim()]).toEqual([
      1,
      expect.stringMatching(/^400: .*matches no event type/),
    ]);
    expect(dir.adminCli(['webhooks', 'update', made.id]).status).toBe(2);
    const noDelivery = dir.adminCli(['webhooks', 'retry', made.id, '999999']);
    expect([noDelivery.status, noDelivery.stderr.trim()]).toEqual([1, expect.stringMatching(/^404: /)]);
    // Every one of those admin calls is in the trail, newest first, found by type from the shell.
    const trail = dir.adminCli(['events', 'list', '--type', 'admin.*', '--limit', '200']);
    expect(trail.status).toBe(0);
    const methods = trail.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.data.webhook === made.id)
      .map((e) => e.data.method);
    expect(methods).toEqual(['disable_webhook', 'update_webhook', 'rotate_webhook_secret', 'create_webhook']);
    expect(dir.adminCli(['webhooks', 'delete', made.id]).status).toBe(0);
    expect(dir.adminCli(['webhooks', 'show', made.id]).status).toBe(1);
    expect(dir.adminCli(['webhooks', 'create', '--url', url]).status).toBe(2);
    expect(dir.adminCli(['events', 'list', '--type', 'not a type']).status).toBe(1);
  });
});

describe('who may call it', () => {
  it('never answers on the public port', async () => {
    for (const path of ['/admin/v1/users', '/admin/v1/openapi.json']) {
      const res = await new Browser(dir.stack.url).get(path, { authorization: `Bearer ${operator}` });
      expect(res.status).toBe(404);
    }
  });

  it('refuses nobody, basic auth, forged, misdirected and other workloads’ tokens', async () => {
    const anonymous = await new Browser(dir.adminUrl).get('/admin/v1/users');
    expect(anonymous.status).toBe(401);
    const basic = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    expect((await new Browser(dir.adminUrl).get('/admin/v1/users', { authorization: basic })).status).toBe(401);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'operator' })
      .setSubject('operator')
      .setAudience('admin')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const [header, payload] = operator.split('.');
    const unsigned = `${header}.${payload}.`;
    for (const token of [forged, unsigned, dir.workloadToken('auth'), `${operator}x`]) {
      expect((await admin('GET', '/admin/v1/users', { token })).status).toBe(401);
    }
    // Another workload's token for the admin audience: authenticated, not allowed.
    expect((await admin('GET', '/admin/v1/users', { token: dir.workloadToken('admin', 'gateway') })).status).toBe(403);
  });

  it('takes an AUTH_ADMIN_USERS session only with TOTP and its XSRF header; refuses other users', async () => {
    const nobody = await loggedIn(dir.stack.url, 'mallory');
    const root = await loggedIn(dir.stack.url, 'root');
    const asUser = async (b: PageBrowser, xsrf = true) =>
      b.request('GET', `${dir.adminUrl}/admin/v1/users?query=root`, {
        headers: xsrf ? { 'x-xsrf-token': await b.xsrf() } : {},
      });
    expect((await asUser(nobody)).json()).toEqual({ error: 'not an admin' });
    const noTotp = await asUser(root);
    expect(noTotp.status).toBe(403);
    expect((noTotp.json() as { error: string }).error).toMatch(/TOTP/);

    const tessa = await totpLogin(dir.stack.url, 'tessa');
    expect((await asUser(tessa, false)).status).toBe(401);
    const ok = await asUser(tessa);
    expect(ok.status).toBe(200);
    const log = await dir.stack.waitForOutput('gateway', (o) => o.includes(`"actor":"user:${userId('dev', 'tessa')}"`));
    expect(log).toContain(`"actor":"user:${userId('dev', 'tessa')}","action":"list users"`);
  });

  it('refuses odd methods and encoded paths', async () => {
    const raw = (path: string, method = 'GET') =>
      new Browser(dir.adminUrl).request(method, path, { headers: { authorization: `Bearer ${operator}` } });
    expect((await raw('/admin/v1/users', 'PUT')).status).toBe(405);
    expect((await raw(`/admin/v1/users/${userId('dev', 'x')}`, 'PATCH')).status).toBe(405);
    expect((await raw(`/admin/v1/users/${userId('dev', 'x')}/block`)).status).toBe(405);
    expect((await raw('/admin/v1/users', 'PROPFIND')).status).toBe(405);
    // Paths as sent, not as a URL parser would tidy them: ambiguous ones are refused before any route.
    for (const path of [
      '/admin/v1/users/a%2Fb',
      '/admin/v1/users/%2e%2e',
      '/admin/v1/users/..%2f..%2fetc',
      '/admin//v1/users',
      '/admin/v1/users/../users',
      '/admin/v1/users;x',
    ]) {
      expect(await rawStatus(path, { authorization: `Bearer ${operator}` })).toBe(400);
    }
    // An escape of an unreserved character is the same path, under the same rule: no way around the caller check.
    expect(await rawStatus('/admin/v1/%75sers')).toBe(401);
    expect(await rawStatus('/admin/v1/%75sers', { authorization: `Bearer ${operator}` })).toBe(200);
    expect(await rawStatus('/%61dmin/v1/users')).toBe(401);
    expect(await rawStatus('/other', { authorization: `Bearer ${operator}` })).toBe(404);
    const block = await admin('POST', `/admin/v1/users/${userId('dev', 'x')}/block`, { body: { reason: '' } });
    expect(block.status).toBe(400);
  });
});

/** The status of a GET of `path` exactly as written (fetch would resolve dot segments first). */
function rawStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
  const { port } = new URL(dir.adminUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
