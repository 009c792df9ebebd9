// A user's grants (docs/openid-provider.md "Consent and grants"): GET /auth/grants lists the applications
// the user let in through the OpenID provider, DELETE /auth/grants/{id} takes one back with every token
// of it (its refresh token refused at once, its access token inactive, consent asked again), and the trail
// records grant.revoked. Through the real stack, with openid-client as the relying party.
import * as oidc from 'openid-client';
import { loggedIn, type PageBrowser } from './directory-stack';
import { codeRequest, decide, discoverClient, follow, type OidcStack, pageOf, startOidcStack } from './oidc-stack';

let stack: OidcStack;
beforeAll(async () => {
  stack = await startOidcStack();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'https://rp.example/callback';

interface Grant {
  id: string;
  client_id: string;
  client_name: string;
  scopes: string[];
  resources: Record<string, string[]>;
  created_at: string;
}

async function client(metadata: Record<string, unknown>) {
  const { clientId, clientSecret } = await stack.registerClient({
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    ...metadata,
  });
  return { clientId, config: await discoverClient(stack.issuer, clientId, clientSecret) };
}

/** One authorization in `browser`, allowing the consent page when it is shown: the client's tokens. */
async function authorize(browser: PageBrowser, config: oidc.Configuration, params: Record<string, string>) {
  const flow = await codeRequest(config, { redirect_uri: REDIRECT, ...params });
  let arrived = await follow(browser, flow.url);
  if (arrived.page) arrived = await follow(browser, await decide(browser, pageOf(arrived), 'allow'));
  return flow.exchange(arrived.back as URL);
}

async function grantsOf(browser: PageBrowser): Promise<Grant[]> {
  const res = await browser.send('GET', '/auth/grants');
  if (res.status !== 200) throw new Error(`GET /auth/grants answered ${res.status}: ${res.text}`);
  return (res.json() as { grants: Grant[] }).grants;
}

describe('GET /auth/grants', () => {
  it("lists the applications the user let in, what each may do and since when; nobody else's", async () => {
    const wiki = await client({ client_name: 'Wiki' });
    const intranet = await client({ first_party: true });
    const browser = await loggedIn(stack.issuer, 'grants-amy');
    await authorize(browser, wiki.config, { scope: 'openid email offline_access', prompt: 'consent' });
    await authorize(browser, intranet.config, { scope: 'openid profile' });

    // Newest first; two made in the same second come in either order.
    const grants = await grantsOf(browser);
    expect(grants).toHaveLength(2);
    expect(grants).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          client_id: intranet.clientId,
          client_name: intranet.clientId,
          scopes: ['openid', 'profile'],
          resources: {},
          created_at: expect.any(String),
        },
        {
          id: expect.any(String),
          client_id: wiki.clientId,
          client_name: 'Wiki',
          scopes: ['openid', 'email', 'offline_access'],
          resources: {},
          created_at: expect.any(String),
        },
      ]),
    );
    for (const g of grants) expect(Date.now() - Date.parse(g.created_at)).toBeLessThan(60_000);
    expect(await grantsOf(await loggedIn(stack.issuer, 'grants-bob'))).toEqual([]);
    // A cookie session without its XSRF header is refused, as on every authenticated route.
    expect((await browser.get('/auth/grants')).status).toBe(401);
  });
});

describe('DELETE /auth/grants/{id}', () => {
  it('takes the grant back with every token: refresh refused, access inactive, consent asked again; grant.revoked', async () => {
    const { clientId, config } = await client({ client_name: 'Notes' });
    const browser = await loggedIn(stack.issuer, 'grants-cat');
    const tokens = await authorize(browser, config, { scope: 'openid offline_access', prompt: 'consent' });
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
    const [grant] = await grantsOf(browser);
    expect(grant?.client_id).toBe(clientId);

    const revoked = await browser.send('DELETE', `/auth/grants/${grant?.id}`);
    expect(revoked.status).toBe(204);
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await oidc.tokenIntrospection(config, rotated.access_token)).toEqual({ active: false });
    expect(await grantsOf(browser)).toEqual([]);
    // The application asks again.
    const again = await codeRequest(config, { redirect_uri: REDIRECT, scope: 'openid' });
    expect(pageOf(await follow(browser, again.url)).text).toContain('<h1>Notes asks to</h1>');

    const userId = await browser.userId();
    const events = await stack.sql<{ actor_kind: string; actor_id: string; subject_user: string; data: unknown }>(
      "SELECT actor_kind, actor_id, subject_user, data FROM events.events WHERE type = 'grant.revoked' AND subject_user = $1",
      [userId],
    );
    expect(events).toEqual([
      { actor_kind: 'user', actor_id: userId, subject_user: userId, data: { client_id: clientId, reason: 'user' } },
    ]);
    // Gone: a second revocation finds nothing.
    expect((await browser.send('DELETE', `/auth/grants/${grant?.id}`)).status).toBe(404);
  });

  it("refuses another user's grant (404, and it stays) and a malformed id (400)", async () => {
    const { config } = await client({ first_party: true });
    const owner = await loggedIn(stack.issuer, 'grants-dee');
    const tokens = await authorize(owner, config, { scope: 'openid offline_access', prompt: 'consent' });
    const [grant] = await grantsOf(owner);
    const other = await loggedIn(stack.issuer, 'grants-eve');
    const refused = await other.send('DELETE', `/auth/grants/${grant?.id}`);
    expect([refused.status, refused.json()]).toEqual([404, { error: 'grant not found' }]);
    expect(await grantsOf(owner)).toHaveLength(1);
    expect((await oidc.refreshTokenGrant(config, tokens.refresh_token as string)).access_token).toBeTruthy();
    expect((await other.send('DELETE', '/auth/grants/a.b')).status).toBe(400);
  });
});
