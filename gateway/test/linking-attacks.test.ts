// Security round 4 (issue 43) on linking, tried as an attacker would, through a whole stack (auth with its
// directory, avatar, payment, two gateways): a site holding its audience's own HS256 secret
// (AUTH_SECRETS_FILE) can neither start a link as another user nor finish one with a handshake it
// signed; a link never starts from a GET any page can cause; and an unlink ends the user's other
// sessions on every gateway, as an admin's unlink ends them all.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { until } from '@gatehouse/test-kit/until';
import { type Claims, userId } from '@gatehouse/token';
import { decodeJwt, SignJWT } from 'jose';
import { type DirectoryStack, loggedIn, PageBrowser, startDirectoryStack } from './directory-stack';

const SITE_SECRET = randomBytes(32).toString('hex');
let dir: DirectoryStack;
let files: string;

beforeAll(async () => {
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-link-attacks-'));
  const secrets = path.join(files, 'secrets.json');
  writeFileSync(secrets, JSON.stringify({ 'site-a': SITE_SECRET }));
  dir = await startDirectoryStack({ AUTH_SECRETS_FILE: secrets });
}, 90_000);

afterAll(async () => {
  await dir?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const url = () => dir.stack.url;

/** Claims signed with the site's own secret, as the site's application can sign them. */
function siteSigned(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(SITE_SECRET));
}

/** A session of `user` the site signs: fresh, two factors, as far as its claims go. */
async function forgedSession(user: string, jti = randomBytes(20).toString('hex')) {
  const now = Math.floor(Date.now() / 1000);
  const token = await siteSigned({
    iss: 'gatehouse',
    aud: 'site-a',
    jti,
    iat: now,
    exp: now + 600,
    auth_time: now,
    amr: ['fed', 'otp', 'mfa'],
    auth_provider: { name: 'dev' },
    user: { name: 'victim', id: user, picture: '' },
  });
  return { token, jti };
}

const identitiesOf = async (browser: PageBrowser) =>
  ((await browser.send('GET', '/auth/identities')).json() as { identities: { id: string }[] }).identities.map(
    (i) => i.id,
  );

describe('a link and a site’s own secret (AUTH_SECRETS_FILE)', () => {
  it('refuses a forged session at the link start (401), the victim’s identities unchanged', async () => {
    const victim = await loggedIn(url(), 'victim-a');
    const victimId = await victim.userId();
    const { token, jti } = await forgedSession(victimId);
    const attacker = new PageBrowser(url());
    const started = await attacker.request('POST', '/auth/dev/link', {
      headers: { cookie: `JWT=${token}; XSRF-TOKEN=${jti}`, 'x-xsrf-token': jti },
    });
    expect(started.status).toBe(401);
    expect(started.cookies.join()).not.toContain('LINK-HANDSHAKE');
    expect(await identitiesOf(victim)).toEqual([victimId]);
  });

  it('refuses a handshake the site signed at the callback, the victim’s identities unchanged', async () => {
    const victim = await loggedIn(url(), 'victim-b');
    const victimId = await victim.userId();
    // The attacker starts a real login for the site's audience and goes through the provider as themself.
    const attacker = new PageBrowser(url());
    const start = await attacker.get('/auth/dev/login?site=site-a');
    expect(start.status).toBe(302);
    const handshake = decodeJwt((await attacker.cookie('JWT')) as string) as Claims;
    expect(handshake.aud).toBe('site-a');
    const authorize = start.headers.get('location') as string;
    await attacker.request('GET', authorize);
    const form = await attacker.request('POST', authorize, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'mallory-b' }).toString(),
    });
    const callback = form.headers.get('location') as string;
    // ...then brings back a link handshake naming the victim, and a "session" of the victim to match.
    const { token: session, jti } = await forgedSession(victimId);
    const forged = await siteSigned({
      ...handshake,
      handshake: { ...handshake.handshake, link: { user: victimId, jti } },
    });
    await attacker.jar.setCookie(`LINK-HANDSHAKE=${forged}; Path=/auth`, url());
    await attacker.jar.setCookie(`LINK-SESSION=${session}; Path=/auth`, url());
    const done = await attacker.request('GET', callback);
    expect(done.status).toBe(403);
    expect(done.text).not.toContain('linked');
    expect(await identitiesOf(victim)).toEqual([victimId]);
    // Mallory's login is Mallory's own, not the victim's.
    expect(await (await loggedIn(url(), 'mallory-b')).userId()).toBe(userId('dev', 'mallory-b'));
  });

  it('links from a session of the auth service’s own key, whatever the site asked', async () => {
    const ann = await loggedIn(url(), 'ann-c');
    const linked = await ann.devLink('ann-home-c');
    expect(linked.json()).toEqual({ linked: { id: userId('dev', 'ann-home-c'), provider: 'dev', name: 'ann-home-c' } });
  });
});

describe('starting a link', () => {
  it('never starts from a GET: ?link=1 is refused (403) and sets no link cookie; GET /link is 405', async () => {
    const bea = await loggedIn(url(), 'bea');
    const byGet = await bea.getWithXsrf('/auth/dev/login?link=1');
    expect(byGet.status).toBe(403);
    expect((byGet.json() as { error: string }).error).toMatch(/POST \/auth\/<provider>\/link/);
    expect(byGet.cookies.join()).not.toContain('LINK-HANDSHAKE');
    expect((await bea.getWithXsrf('/auth/dev/link')).status).toBe(405);
    // Without the XSRF header (a cross-site form can send the cookie, not the header): 401.
    expect((await bea.request('POST', '/auth/dev/link')).status).toBe(401);
    expect(await identitiesOf(bea)).toEqual([userId('dev', 'bea')]);
    // The page's way: the provider's URL, then the link.
    const started = await bea.send('POST', '/auth/dev/link?from=%2F');
    expect(started.status).toBe(200);
    expect(started.headers.get('cache-control')).toBe('no-store');
    expect(new URL((started.json() as { url: string }).url).searchParams.get('code_challenge_method')).toBe('S256');
  });
});

describe('unlinking', () => {
  it('ends every other session of the user on every gateway, the caller’s own kept', async () => {
    const here = await loggedIn(url(), 'cleo');
    const there = await loggedIn(dir.second.url, 'cleo');
    expect((await here.devLink('cleo-phone')).status).toBe(200);
    const unlinked = await here.send('DELETE', `/auth/identities/${userId('dev', 'cleo-phone')}`);
    expect([unlinked.status, unlinked.json()]).toEqual([200, { ended_sessions: 1 }]);
    // The other gateway hears of it from the auth service (its token has not expired).
    await until(async () => (await there.send('GET', '/auth/identities')).status === 401, 5_000);
    expect((await here.send('GET', '/auth/identities')).status).toBe(200);
  });

  it('by an admin ends every session of the user, and says how many', async () => {
    const dana = await loggedIn(url(), 'dana');
    expect((await dana.devLink('dana-phone')).status).toBe(200);
    const res = await fetch(
      `${dir.adminUrl}/admin/v1/users/${userId('dev', 'dana')}/identities/${userId('dev', 'dana-phone')}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${dir.workloadToken('admin')}` },
      },
    );
    expect([res.status, await res.json()]).toEqual([200, { ended: 1 }]);
    expect((await dana.send('GET', '/auth/identities')).status).toBe(401);
  });
});
