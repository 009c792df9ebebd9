// A person's ways in over HTTP (docs/accounts.md "Linking"), through real auth (with its directory in
// Postgres), avatar, payment and gateway processes and the dev provider: alice links bob with
// POST /auth/dev/link, bob then logs in as alice and sees her cards; unlinking bob works, unlinking the last way
// in is refused; a stale login cannot start a link; a blocked user is refused at login and refresh.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Answer } from '@gatehouse/test-kit/browser';
import { userId } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { Client } from 'pg';
import { openApiDocument } from '../src/openapi/document';
import { type DirectoryStack, loggedIn, PageBrowser, startDirectoryStack } from './directory-stack';
import { AnswerChecker, type Document } from './openapi-answers';

let dir: DirectoryStack;
let files: string;
beforeAll(async () => {
  // A direct (password) provider too: a login handler's user is linked in one call.
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-directory-'));
  const htpasswd = path.join(files, 'users.htpasswd');
  writeFileSync(htpasswd, `pat:${bcrypt.hashSync('pat-pw', 4)}\n`);
  writeFileSync(path.join(files, 'auth.json'), JSON.stringify({ direct: [{ name: 'local', htpasswd }] }));
  // Tokens live 2 s, so a refresh happens within the test.
  dir = await startDirectoryStack({ AUTH_TOKEN_DURATION: '2s', AUTH_CONFIG: path.join(files, 'auth.json') });
}, 90_000);
afterAll(async () => {
  await dir?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const url = () => dir.stack.url;
const checker = new AnswerChecker(openApiDocument({ avatarRoutePath: '/avatar' }) as unknown as Document);
/** The answer, checked against the public OpenAPI document. */
const documented = (method: string, path: string, answer: Answer): Answer => {
  expect(checker.problems(method, path, answer)).toEqual([]);
  return answer;
};

/** Starts a link from `browser`'s session and finishes it as the dev user `name`. */
const link = (browser: PageBrowser, name: string, from = '') => browser.devLink(name, from);

/** A query on the auth service's database (the directory's tables in schema auth). */
async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: dir.authDb.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('linking with POST /auth/<provider>/link', () => {
  it('links bob to alice: bob then logs in as alice, with her cards; unlink works, the last way in stays', async () => {
    const alice = await loggedIn(url(), 'alice');
    const aliceId = await alice.userId();
    expect(aliceId).toBe(userId('dev', 'alice'));
    const created = await alice.send('POST', '/cards/', { name: 'groceries' });
    expect(created.status).toBe(201);

    const linked = documented('GET', '/auth/dev/callback', await link(alice, 'bob'));
    expect(linked.status).toBe(200);
    expect(linked.json()).toEqual({ linked: { id: userId('dev', 'bob'), provider: 'dev', name: 'bob' } });
    // The link set no session: the browser is still alice's, and its link cookie is gone.
    expect(await alice.userId()).toBe(aliceId);
    expect(await alice.cookie('LINK-HANDSHAKE')).toBeUndefined();

    const listed = documented('GET', '/auth/identities', await alice.send('GET', '/auth/identities'));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect((listed.json() as { identities: unknown[] }).identities).toEqual([
      {
        id: aliceId,
        provider: 'dev',
        name: 'alice',
        created_at: expect.stringMatching(/Z$/),
        last_login_at: expect.stringMatching(/Z$/),
        current: expect.any(Boolean),
      },
      expect.objectContaining({ id: userId('dev', 'bob'), provider: 'dev', name: 'bob' }),
    ]);

    // Log out, log in as bob: alice's id and alice's cards.
    expect((await alice.send('GET', '/auth/logout')).status).toBe(200);
    const bob = await loggedIn(url(), 'bob');
    expect(await bob.userId()).toBe(aliceId);
    const cards = await bob.send('GET', '/cards/');
    expect(cards.status).toBe(200);
    expect((cards.json() as { cards: { name: string }[] }).cards.map((c) => c.name)).toEqual(['groceries']);

    // Unlinking bob works (a fresh cookie session); the last way in is refused, nothing changes.
    const unlinked = await bob.send('DELETE', `/auth/identities/${userId('dev', 'bob')}`);
    expect(documented('DELETE', `/auth/identities/${userId('dev', 'bob')}`, unlinked).status).toBe(200);
    expect(unlinked.json()).toEqual({ ended_sessions: 0 });
    const last = documented(
      'DELETE',
      `/auth/identities/${aliceId}`,
      await bob.send('DELETE', `/auth/identities/${aliceId}`),
    );
    expect(last.status).toBe(409);
    expect(last.json()).toEqual({ error: 'last login method' });
    const left = (await bob.send('GET', '/auth/identities')).json() as { identities: { id: string }[] };
    expect(left.identities.map((i) => i.id)).toEqual([aliceId]);
    // Unlinking without the XSRF header is refused.
    expect((await bob.request('DELETE', `/auth/identities/${aliceId}`)).status).toBe(401);
    // Bob is a user of his own again.
    expect(await (await loggedIn(url(), 'bob')).userId()).toBe(userId('dev', 'bob'));
  });

  it('refuses an identity that is another user’s (409), a link without a session (401), and odd input', async () => {
    await loggedIn(url(), 'dave');
    const carol = await loggedIn(url(), 'carol');
    const taken = documented('GET', '/auth/dev/callback', await link(carol, 'dave'));
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({ error: 'identity in use' });
    expect(await carol.userId()).toBe(userId('dev', 'carol'));
    expect(await (await loggedIn(url(), 'dave')).userId()).toBe(userId('dev', 'dave'));

    const anonymous = new PageBrowser(url());
    const refused = documented('POST', '/auth/dev/link', await anonymous.send('POST', '/auth/dev/link'));
    expect(refused.status).toBe(401);
    expect((await carol.send('DELETE', '/auth/identities/a%2Fb')).status).toBe(400);
    expect((await carol.send('DELETE', '/auth/identities/dev_unknown')).status).toBe(404);
    expect((await carol.send('PUT', '/auth/identities')).status).toBe(405);
    expect((await new PageBrowser(url()).get('/auth/identities')).status).toBe(401);
  });

  it('refuses a link, an unlink and an export from a login older than 5 minutes', async () => {
    const erin = await loggedIn(url(), 'erin');
    // Five minutes and more of waiting, without the wait: a token with an old auth_time, as the auth
    // service signs one (its own secret), replaces the cookie.
    const stale = await staleToken(erin);
    await erin.jar.setCookie(`JWT=${stale}`, url());
    const started = await erin.send('POST', '/auth/dev/link');
    expect(started.status).toBe(403);
    expect((started.json() as { error: string }).error).toMatch(/recent login/);
    expect((await erin.send('DELETE', `/auth/identities/${userId('dev', 'erin')}`)).status).toBe(403);
    expect((await erin.send('GET', '/auth/me/export')).status).toBe(403);
  });

  it('links a direct login (a login handler) with ?link=1, from a cookie session with its XSRF header only', async () => {
    const ivy = await loggedIn(url(), 'ivy');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = 'user=pat&passwd=pat-pw';
    // Without the XSRF header (a cross-site form could send that): refused, nothing linked.
    const forged = await ivy.request('POST', '/auth/local/login?link=1', { headers: form, body });
    expect([forged.status, (forged.json() as { error: string }).error]).toEqual([
      401,
      expect.stringMatching(/session/),
    ]);
    const linked = documented(
      'POST',
      '/auth/local/login',
      await ivy.request('POST', '/auth/local/login?link=1', {
        headers: { ...form, 'x-xsrf-token': await ivy.xsrf() },
        body,
      }),
    );
    expect([linked.status, linked.json()]).toEqual([
      200,
      { linked: { id: userId('local', 'pat'), provider: 'local', name: 'pat' } },
    ]);
    expect(await ivy.userId()).toBe(userId('dev', 'ivy'));
    const pat = new PageBrowser(url());
    const login = await pat.request('POST', '/auth/local/login', { headers: form, body });
    expect([login.status, (login.json() as { id: string }).id]).toEqual([200, userId('dev', 'ivy')]);
  });

  it('exports the user’s own data from a fresh cookie session', async () => {
    const gina = await loggedIn(url(), 'gina');
    const res = documented('GET', '/auth/me/export', await gina.send('GET', '/auth/me/export'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain(userId('dev', 'gina'));
    expect(res.text).not.toMatch(/secret|public_key/i);

    // One an hour (issue 43), on every gateway: the limit is in Redis.
    const again = documented('GET', '/auth/me/export', await gina.send('GET', '/auth/me/export'));
    expect([again.status, again.json()]).toEqual([429, { error: 'one export an hour: try again later' }]);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    const elsewhere = await gina.request('GET', `${dir.second.url}/auth/me/export`, {
      headers: { 'x-xsrf-token': await gina.xsrf() },
    });
    expect([elsewhere.status, elsewhere.headers.get('retry-after')]).toEqual([429, expect.any(String)]);
    // Another user's hour is their own.
    const hugo = await loggedIn(url(), 'hugo');
    expect((await hugo.send('GET', '/auth/me/export')).status).toBe(200);
  });
});

describe('blocked users', () => {
  it('are refused at login (403 user blocked) and at refresh', async () => {
    const hank = await loggedIn(url(), 'hank');
    // A session whose login is older than the directory: its refresh reads the user's status. (A newer
    // one's refresh reads nothing: blocking through the admin API ends it, admin-api.test.ts.)
    await hank.jar.setCookie(`JWT=${await staleToken(hank)}`, url());
    await sql("UPDATE auth.users SET status = 'blocked', block_reason = 'test' WHERE id = $1", [userId('dev', 'hank')]);
    const again = await new PageBrowser(url()).devLogin('hank');
    expect(again.status).toBe(403);
    expect(again.json()).toEqual({ error: 'user blocked' });
    // Hank's token expires (2 s): its refresh is refused with the same words.
    await new Promise((r) => setTimeout(r, 3100));
    const refreshed = await hank.send('GET', '/auth/identities');
    expect(refreshed.status).toBe(403);
    expect(refreshed.json()).toEqual({ error: 'user blocked' });
  });
});

/** `browser`'s session token re-signed with an auth_time 6 minutes ago (HS256 with the stack's secret). */
async function staleToken(browser: PageBrowser): Promise<string> {
  const { SignJWT, decodeJwt } = await import('jose');
  const token = (await browser.cookie('JWT')) as string;
  const claims = decodeJwt(token);
  return new SignJWT({ ...claims, auth_time: Math.floor(Date.now() / 1000) - 6 * 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(dir.stack.env.AUTH_SECRET));
}
