// The OpenID provider's `organization` scope (docs/organizations.md "OpenID provider"), driven by
// openid-client as a relying party against the real stack: the ID token and userinfo carry the Gatehouse
// session's active organisation, or the one the `organization` parameter names (Auth0's), with the
// user's roles and permissions there; a non-member's parameter is refused with access_denied; without
// the scope nothing is said; a refresh reads the roles again, and a removal ends the client's tokens.
import type { Browser } from '@gatehouse/test-kit/browser';
import * as oidc from 'openid-client';
import { PageBrowser } from './directory-stack';
import { authorizeInBrowser, codeRequest, discoverClient, follow, type OidcStack, startOidcStack } from './oidc-stack';

let stack: OidcStack;
beforeAll(async () => {
  stack = await startOidcStack({ AUTH_ORG_CREATE: 'anyone' });
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';

async function login(name: string): Promise<PageBrowser & { id: string }> {
  const b = new PageBrowser(stack.issuer);
  const res = await b.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name}: ${res.status} ${res.text}`);
  return Object.assign(b, { id: await b.userId() });
}

async function createOrg(b: PageBrowser, slug: string): Promise<string> {
  const res = await b.send('POST', '/auth/orgs', { name: slug, slug });
  expect(res.status).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A whole code flow in `browser` (logged in at the gateway already): the tokens the client gets. */
async function codeFlow(config: oidc.Configuration, browser: Browser, name: string, params: Record<string, string>) {
  const request = await codeRequest(config, { redirect_uri: REDIRECT, ...params });
  return request.exchange(await authorizeInBrowser(browser, request.url, name));
}

const ORG_CLAIMS = ['org', 'org_slug', 'org_roles', 'org_perms'];
const orgPart = (claims: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(claims ?? {}).filter(([k]) => ORG_CLAIMS.includes(k)));

describe('the organization scope', () => {
  it('carries the session’s active organisation, or the one asked for, with roles now', async () => {
    const { clientId, clientSecret } = await stack.registerClient({
      client_name: 'Billing',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: true,
    });
    const config = await discoverClient(stack.issuer, clientId, clientSecret);
    const alice = await login('oidc-org-alice');
    const acme = await createOrg(alice, 'acme-oidc');
    const beta = await createOrg(alice, 'beta-oidc');
    expect((await alice.send('POST', `/auth/orgs/${acme}/switch`)).status).toBe(200);

    // The session's active organisation: in the ID token and in userinfo.
    const owner = {
      org: acme,
      org_slug: 'acme-oidc',
      org_roles: ['owner'],
      org_perms: ['billing:read', 'members:write'],
    };
    const tokens = await codeFlow(config, alice, 'oidc-org-alice', { scope: 'openid organization' });
    expect(orgPart(tokens.claims())).toEqual(owner);
    const me = await oidc.fetchUserInfo(config, tokens.access_token, alice.id);
    expect(orgPart(me)).toEqual(owner);

    // The `organization` parameter (by slug) picks another of hers.
    const asked = await codeFlow(config, alice, 'oidc-org-alice', {
      scope: 'openid organization',
      organization: 'beta-oidc',
    });
    expect(orgPart(asked.claims())).toMatchObject({ org: beta, org_slug: 'beta-oidc', org_roles: ['owner'] });

    // Without the scope, nothing about organisations.
    const plain = await codeFlow(config, alice, 'oidc-org-alice', { scope: 'openid' });
    expect(orgPart(plain.claims())).toEqual({});
    expect(orgPart(await oidc.fetchUserInfo(config, plain.access_token, alice.id))).toEqual({});

    // An organisation she is not a member of: access_denied at the client, no code.
    const bob = await login('oidc-org-bob');
    const bobs = await createOrg(bob, 'bob-oidc');
    const request = await codeRequest(config, {
      redirect_uri: REDIRECT,
      scope: 'openid organization',
      organization: bobs,
    });
    const refused = await follow(alice, request.url);
    expect(refused.back?.searchParams.get('error')).toBe('access_denied');
    expect(refused.back?.searchParams.get('code')).toBeNull();
    const malformed = await codeRequest(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      organization: 'Not An Org',
    });
    expect((await follow(alice, malformed.url)).back?.searchParams.get('error')).toBe('invalid_request');
  });

  it('reads the roles again at a refresh; a removal ends the tokens the member’s session gave', async () => {
    const { clientId, clientSecret } = await stack.registerClient({
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: true,
    });
    const config = await discoverClient(stack.issuer, clientId, clientSecret);
    const owner = await login('oidc-org-owner');
    const orgId = await createOrg(owner, 'refresh-oidc');
    const carol = await login('oidc-org-carol');
    // Carol joins as a member (her address verified as a provider would), then makes it her active one.
    await stack.sql("UPDATE auth.users SET email = 'carol@oidc.test', email_verified_by = 'test' WHERE id = $1", [
      carol.id,
    ]);
    const inv = await owner.send('POST', `/auth/orgs/${orgId}/invitations`, {
      email: 'carol@oidc.test',
      roles: ['member'],
    });
    expect(
      (await carol.send('POST', `/auth/invitations/${(inv.json() as { token: string }).token}/accept`)).status,
    ).toBe(200);
    const tokens = await codeFlow(config, carol, 'oidc-org-carol', {
      scope: 'openid offline_access organization',
      organization: orgId,
      prompt: 'consent',
    });
    expect(orgPart(tokens.claims())).toEqual({
      org: orgId,
      org_slug: 'refresh-oidc',
      org_roles: ['member'],
      org_perms: ['billing:read'],
    });
    // Made an admin too (nothing lost, so her sessions live on): the next refresh says so.
    const both = await owner.send('PUT', `/auth/orgs/${orgId}/members/${carol.id}`, { roles: ['member', 'admin'] });
    expect(both.status).toBe(200);
    const promoted = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
    expect(orgPart(promoted.claims())).toEqual({
      org: orgId,
      org_slug: 'refresh-oidc',
      org_roles: ['admin', 'member'],
      org_perms: ['billing:read', 'members:write'],
    });
    expect(orgPart(await oidc.fetchUserInfo(config, promoted.access_token, carol.id))).toMatchObject({
      org_roles: ['admin', 'member'],
    });
    // Removed: her Gatehouse sessions end, and with them the tokens they gave the client (back-channel
    // logout), offline_access's refresh token too: no token says she is a member any more.
    expect((await owner.send('DELETE', `/auth/orgs/${orgId}/members/${carol.id}`)).status).toBe(204);
    await expect(oidc.refreshTokenGrant(config, promoted.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.fetchUserInfo(config, promoted.access_token, carol.id)).rejects.toBeTruthy();
  });
});
