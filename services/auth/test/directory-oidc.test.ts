// Linking by verified email (AUTH_LINK_BY_EMAIL) with a real OpenID Connect provider: only an ID token
// whose email_verified is the boolean true joins a new login to the user with that verified email.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeOidcIdp } from '@gatehouse/test-kit/fakes/oidc-idp';
import { Client } from 'pg';
import { call, type DirectoryStack, startDirectoryStack } from './directory-stack';

const idp = new FakeOidcIdp();
let stack: DirectoryStack;
let dir: string;

beforeAll(async () => {
  await idp.start();
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-dir-oidc-'));
  const file = path.join(dir, 'auth.json');
  const corp = { name: 'corp', type: 'oidc', issuer: idp.url, scopes: ['openid', 'profile', 'email'] };
  writeFileSync(
    file,
    JSON.stringify({ providers: [{ ...corp, clientId: 'corp-rp', clientSecret: 'corp-secret-0123456789' }] }),
  );
  stack = await startDirectoryStack({ AUTH_CONFIG: file, AUTH_LINK_BY_EMAIL: 'corp' });
  idp.setClients([
    {
      client_id: 'corp-rp',
      client_secret: 'corp-secret-0123456789',
      redirect_uris: [stack.callbackUrl('corp')],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ]);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await idp.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A corp login as `sub`, whose ID token says `email` and `email_verified` as given. */
function corpLogin(sub: string, email: string, emailVerified: unknown) {
  idp.nextUser = { sub, name: sub, email };
  idp.tamper = (claims) => ({ claims: { ...claims, email, email_verified: emailVerified } });
  const browser = new Browser(idp.url);
  return stack.login('corp', async (redirectUrl) => {
    let next = redirectUrl;
    // The provider's own redirects (authorize, interaction, resume) until it sends the browser back.
    for (let hops = 0; hops < 6 && !next.startsWith(stack.callbackUrl('corp')); hops++) {
      const res = await browser.request('GET', next);
      if (res.status !== 302 && res.status !== 303) throw new Error(`provider answered ${res.status}: ${res.text}`);
      next = new URL(res.headers.get('location') as string, next).href;
    }
    return new URL(next);
  });
}

it('joins a second account with the same verified email, and only when email_verified is the boolean true', async () => {
  const first = await corpLogin('ann-work', 'ann@example.com', true);
  expect(first.user.id).toMatch(/^corp_[0-9a-f]{40}$/);

  const second = await corpLogin('ann-home', 'Ann@Example.com', true);
  expect(second.user.id).toBe(first.user.id);

  // "true" as a string, or no claim: a user of its own.
  const stringly = await corpLogin('ann-other', 'ann@example.com', 'true');
  expect(stringly.user.id).not.toBe(first.user.id);
  const unverified = await corpLogin('ann-fourth', 'ann@example.com', false);
  expect(unverified.user.id).not.toBe(first.user.id);
});

// Issue 43: the match follows the identities as they are now, never an address frozen at a first login.
it('joins nobody through an address its first identity moved off, or that left with an unlinked identity', async () => {
  const first = await corpLogin('recycled-1', 'a@recycled.example', true);
  await corpLogin('recycled-1', 'b@recycled.example', true);
  // a@recycled.example changed hands (a renamed workforce account): its new holder is a user of their own.
  const newHolder = await corpLogin('recycled-2', 'a@recycled.example', true);
  expect(newHolder.user.id).not.toBe(first.user.id);
  // The first user's address is the one their identity says now.
  const { rows } = await query('SELECT email, email_verified_by FROM auth.users WHERE id = $1', [first.user.id]);
  expect(rows[0]).toEqual({ email: 'b@recycled.example', email_verified_by: 'corp' });

  // The variant where the identity that said the address was unlinked (another way in stays: dev).
  const third = await corpLogin('recycled-3', 'c@recycled.example', true);
  expect((await stack.devLogin('recycled-3-dev', third.token)).linked?.id).toBeTruthy();
  await call((cb) =>
    stack.identities.unlinkIdentity({ caller: { userId: third.user.id, jti: third.jti }, id: third.user.id }, cb),
  );
  const fourth = await corpLogin('recycled-4', 'c@recycled.example', true);
  expect(fourth.user.id).not.toBe(third.user.id);
});

/** A query on the auth service's database. */
async function query(text: string, values: unknown[]) {
  const client = new Client({ connectionString: stack.db.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
