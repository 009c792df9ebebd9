// Gatehouse as an OpenID provider (issue 45), driven by openid-client as a relying party would, against
// the real stack: discovery at the issuer (AUTH_URL), the code flow with PKCE for a confidential and a
// public client, the ID token checked (issuer, audience, nonce, signature by the JWKS), userinfo, refresh
// rotation and reuse detection, revocation, introspection, and the login and consent pages of an
// interaction answered by a browser that logs in at the gateway.
import { Browser } from '@gatehouse/test-kit/browser';
import { until } from '@gatehouse/test-kit/until';
import * as oidc from 'openid-client';
import { authorizeInBrowser, type OidcStack, startOidcStack } from './oidc-stack';

let stack: OidcStack;
beforeAll(async () => {
  stack = await startOidcStack();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';
const insecure = { execute: [oidc.allowInsecureRequests] };

async function discover(clientId: string, secret?: string) {
  return oidc.discovery(
    new URL(stack.issuer),
    clientId,
    secret ? { client_secret: secret } : undefined,
    secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    insecure,
  );
}

/** One whole code flow in `browser`: the tokens the client gets, and the nonce it sent. */
async function codeFlow(config: oidc.Configuration, browser: Browser, name: string, scope: string, extra = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
    ...extra,
  });
  const back = await authorizeInBrowser(browser, url.href, name);
  const tokens = await oidc.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
    idTokenExpected: true,
  });
  return { tokens, nonce };
}

describe('discovery', () => {
  it('names the issuer exactly AUTH_URL, its endpoints under /oidc/, S256 only, no implicit grant', async () => {
    const res = await fetch(`${stack.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(stack.issuer);
    expect(meta.authorization_endpoint).toBe(`${stack.issuer}/oidc/auth`);
    expect(meta.token_endpoint).toBe(`${stack.issuer}/oidc/token`);
    expect(meta.jwks_uri).toBe(`${stack.issuer}/oidc/jwks`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.grant_types_supported).not.toContain('password');
    const rfc8414 = (await (await fetch(`${stack.issuer}/.well-known/oauth-authorization-server`)).json()) as {
      issuer: string;
    };
    expect(rfc8414.issuer).toBe(stack.issuer);
  });
});

describe('the authorization code flow', () => {
  it('logs a confidential client in with PKCE: consent asked once, the ID token checked, userinfo', async () => {
    const { clientId, clientSecret } = await stack.registerClient({
      client_name: 'Wiki',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const config = await discover(clientId, clientSecret);
    const browser = new Browser(stack.issuer);
    const { tokens, nonce } = await codeFlow(config, browser, 'oidc-alice', 'openid profile email');
    const claims = tokens.claims();
    expect(claims?.iss).toBe(stack.issuer);
    expect(claims?.aud).toBe(clientId);
    expect(claims?.nonce).toBe(nonce);
    expect(claims?.sub).toMatch(/^dev_[0-9a-f]{40}$/);
    expect(claims?.acr).toBe('urn:gatehouse:acr:1fa');
    const me = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub as string);
    expect(me).toMatchObject({ sub: claims?.sub, name: 'oidc-alice' });
    // The same user again: signed in at the gateway already, and the grant remembered: no page at all.
    const again = await codeFlow(config, browser, 'oidc-alice', 'openid profile email');
    expect(again.tokens.claims()?.sub).toBe(claims?.sub);
  });

  it('logs a public client in with PKCE and refuses one without it', async () => {
    const { clientId } = await stack.registerClient({
      client_name: 'Phone app',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      first_party: true,
    });
    const config = await discover(clientId);
    const { tokens } = await codeFlow(config, new Browser(stack.issuer), 'oidc-bob', 'openid');
    expect(tokens.claims()?.aud).toBe(clientId);
    const noPkce = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const refused = await new Browser(stack.issuer).request('GET', noPkce.href);
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.get('location') as string).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a rotated one presented again revokes the family, and the trail says so', async () => {
    const { clientId, clientSecret } = await stack.registerClient({
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: true,
    });
    const config = await discover(clientId, clientSecret);
    const { tokens } = await codeFlow(config, new Browser(stack.issuer), 'oidc-carol', 'openid offline_access', {
      prompt: 'consent',
    });
    const first = tokens.refresh_token as string;
    expect(first).toBeTruthy();
    const rotated = await oidc.refreshTokenGrant(config, first);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(first);
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The whole family is gone: the token that was current is refused too.
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The trail's line is written beside the refusal, not before it: within a second.
    const events = await until(
      async () => {
        const rows = await stack.sql<{ data: { client_id: string } }>(
          "SELECT data FROM events.events WHERE type = 'token.reuse_detected' AND data->>'client_id' = $1",
          [clientId],
        );
        return rows.length > 0 && rows;
      },
      { ms: 1000, what: 'token.reuse_detected' },
    );
    expect(events[0]?.data.client_id).toBe(clientId);
  });
});

describe('revocation and introspection', () => {
  it('introspects an access token as active until it is revoked (RFC 7009, RFC 7662)', async () => {
    const { clientId, clientSecret } = await stack.registerClient({ redirect_uris: [REDIRECT], first_party: true });
    const config = await discover(clientId, clientSecret);
    const { tokens } = await codeFlow(config, new Browser(stack.issuer), 'oidc-dave', 'openid');
    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, client_id: clientId });
    await oidc.tokenRevocation(config, tokens.access_token);
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toBeTruthy();
  });
});
