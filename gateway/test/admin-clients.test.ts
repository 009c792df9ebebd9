// The OpenID provider's clients administered on the gateway's admin listener (docs/openid-provider.md
// "Clients"), through the real stack (auth with its Postgres and the provider on, two gateways) with
// openid-client as the relying party: a confidential client made (201, its secret once, only its hash in
// the table), listed and shown without a secret, changed, its secret rotated (the old one refused at the
// token endpoint at once, the new one taken), its own token lifetimes honoured, its redirect URIs matched
// exactly, deleted (then unknown: invalid_client); bad metadata refused with RFC 7591's errors; the
// trail's client.* and admin.action. The CLI and the page: admin-clients-tools.test.ts.
import { Browser } from '@gatehouse/test-kit/browser';
import * as oidc from 'openid-client';
import { type ClientsStack, type Made, REDIRECT, startClientsStack } from './admin-clients-support';
import { authorizeInBrowser } from './oidc-stack';

let c: ClientsStack;
beforeAll(async () => {
  c = await startClientsStack();
}, 90_000);
afterAll(async () => {
  await c?.stack.stop();
});

const admin: ClientsStack['admin'] = (...args) => c.admin(...args);
const make: ClientsStack['make'] = (metadata) => c.make(metadata);
const discover: ClientsStack['discover'] = (id, secret) => c.discover(id, secret);

/** The OAuth error a token request was refused with: in the body, or (a 401) in WWW-Authenticate. */
async function refusal(request: Promise<unknown>): Promise<string | undefined> {
  const err = (await request.then(
    () => undefined,
    (e: unknown) => e,
  )) as { error?: string; cause?: { parameters?: { error?: string } }[] } | undefined;
  return err?.error ?? err?.cause?.[0]?.parameters?.error;
}

describe('a confidential client', () => {
  it('is made with its secret once; the table holds only the hash; list and show never answer it', async () => {
    const res = await admin('POST', '/admin/v1/clients', {
      client_name: 'Wiki',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    expect(res.status).toBe(201);
    const made = res.json() as Made;
    expect(res.headers.get('location')).toBe(`/admin/v1/clients/${made.client_id}`);
    expect(made).toMatchObject({
      client_name: 'Wiki',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
    });
    const secret = made.client_secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const rows = await c.stack.sql<{ metadata: unknown; secret_hash: string }>(
      'SELECT metadata, secret_hash FROM auth.oidc_clients WHERE client_id = $1',
      [made.client_id],
    );
    expect(rows[0]?.secret_hash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const shown = await admin('GET', `/admin/v1/clients/${made.client_id}`);
    const listed = await admin('GET', '/admin/v1/clients');
    for (const answer of [shown, listed]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(secret);
      expect(answer.text).not.toMatch(/client_secret"|sha256\$/);
    }
    expect(shown.json()).toMatchObject({ client_id: made.client_id, client_name: 'Wiki' });
    // An answer edited and sent back whole (RFC 7592's update) is taken; the secret stays as it was.
    const edited = { ...(shown.json() as Made), client_name: 'Wiki 2' };
    const replaced = await admin('PUT', `/admin/v1/clients/${made.client_id}`, edited);
    expect(replaced.status).toBe(200);
    expect(replaced.json()).toMatchObject({ client_name: 'Wiki 2', redirect_uris: [REDIRECT] });
    expect((replaced.json() as Made).client_secret).toBeUndefined();
    expect((listed.json() as { clients: Made[] }).clients.map((c) => c.client_id)).toContain(made.client_id);
  });

  it('takes its secret at the token endpoint; after a rotation the old one is refused, the new one taken', async () => {
    const made = await make({ client_name: 'Billing', grant_types: ['client_credentials'], access_token_ttl: 300 });
    expect(made.response_types).toEqual([]);
    const first = await oidc.clientCredentialsGrant(await discover(made.client_id, made.client_secret as string));
    expect(first.expires_in).toBe(300);

    const rotated = await admin('POST', `/admin/v1/clients/${made.client_id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const secret = (rotated.json() as Made).client_secret as string;
    expect(secret).not.toBe(made.client_secret);
    const old = await discover(made.client_id, made.client_secret as string);
    expect(await refusal(oidc.clientCredentialsGrant(old))).toBe('invalid_client');
    const now = await discover(made.client_id, secret);
    expect((await oidc.clientCredentialsGrant(now)).access_token).toBeTruthy();

    // A change applies at the client's next request: its tokens' lifetime.
    const patched = await admin('PATCH', `/admin/v1/clients/${made.client_id}`, { access_token_ttl: 600 });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ client_name: 'Billing', access_token_ttl: 600 });
    expect((patched.json() as Made).client_secret).toBeUndefined();
    expect((await oidc.clientCredentialsGrant(now)).expires_in).toBe(600);
  });

  it('logs a user in with exact redirect URIs only, its access and refresh tokens living its own times', async () => {
    const made = await make({
      client_name: 'Notes',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: true,
      access_token_ttl: 120,
      refresh_token_ttl: 3600,
    });
    const config = await discover(made.client_id, made.client_secret as string);
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const ask = (redirect: string) =>
      oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirect,
        scope: 'openid offline_access',
        prompt: 'consent',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st',
      });
    for (const near of [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'https://RP.example/callback',
      'https://rp.example/Callback',
    ]) {
      const refused = await new Browser(c.stack.issuer).request('GET', ask(near).href);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('redirect_uri did not match');
    }
    const back = await authorizeInBrowser(new Browser(c.stack.issuer), ask(REDIRECT).href, 'clients-alice');
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: 'st' });
    expect(tokens.expires_in).toBe(120);
    const refresh = await oidc.tokenIntrospection(config, tokens.refresh_token as string);
    expect(refresh).toMatchObject({ active: true, client_id: made.client_id });
    expect(Number(refresh.exp) - Number(refresh.iat)).toBe(3600);
  });

  it('is unknown once deleted: invalid_client at the token endpoint, 404 here', async () => {
    const made = await make({ client_id: 'leaving-service', grant_types: ['client_credentials'] });
    const config = await discover(made.client_id, made.client_secret as string);
    expect((await oidc.clientCredentialsGrant(config)).access_token).toBeTruthy();
    expect((await admin('DELETE', '/admin/v1/clients/leaving-service')).status).toBe(204);
    expect(await refusal(oidc.clientCredentialsGrant(config))).toBe('invalid_client');
    const gone = await admin('GET', '/admin/v1/clients/leaving-service');
    expect(gone.status).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', error_description: 'no client has this id' });
    expect((await admin('DELETE', '/admin/v1/clients/leaving-service')).status).toBe(404);
  });
});

describe('refusals', () => {
  it.each([
    ['a wildcard', { redirect_uris: ['https://*.example.com/cb'] }, 'invalid_redirect_uri', /wildcards/],
    ['a fragment', { redirect_uris: [`${REDIRECT}#top`] }, 'invalid_redirect_uri', /fragments/],
    ['no redirect URI', { client_name: 'x' }, 'invalid_redirect_uri', /redirect_uris is mandatory/],
    [
      'the implicit grant',
      { redirect_uris: [REDIRECT], grant_types: ['implicit'] },
      'invalid_client_metadata',
      /implicit/,
    ],
    [
      'client_secret_jwt',
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_jwt' },
      'invalid_client_metadata',
      /client_secret_jwt/,
    ],
    [
      'an unknown name',
      { redirect_uris: [REDIRECT], redirect_uri: REDIRECT },
      'invalid_client_metadata',
      /redirect_uri/,
    ],
    ['a secret of its own', { redirect_uris: [REDIRECT], client_secret: 'mine' }, 'invalid_client_metadata', /made by/],
  ])('answers %s with 400 and RFC 7591 error', async (_what, body, error, description) => {
    const res = await admin('POST', '/admin/v1/clients', body);
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error, error_description: expect.stringMatching(description) });
  });

  it('answers malformed bodies, unknown ids and a taken id with their errors, never a 500', async () => {
    const cases: [string, string, unknown, string | undefined, number, string | undefined][] = [
      ['POST', '/admin/v1/clients', undefined, '{"redirect_uris": [', 400, 'invalid_request'],
      ['POST', '/admin/v1/clients', undefined, '[1, 2]', 400, 'invalid_request'],
      ['PUT', '/admin/v1/clients/nobody', { redirect_uris: [REDIRECT] }, undefined, 404, 'not_found'],
      ['PATCH', '/admin/v1/clients/nobody', {}, undefined, 404, 'not_found'],
      ['POST', '/admin/v1/clients/nobody/rotate-secret', undefined, undefined, 404, 'not_found'],
      ['GET', '/admin/v1/clients/a%20b', undefined, undefined, 404, 'not_found'],
      ['GET', `/admin/v1/clients/${'x'.repeat(300)}`, undefined, undefined, 404, 'not_found'],
    ];
    for (const [method, path, body, raw, status, error] of cases) {
      const res = await admin(method, path, body, raw);
      expect([method, path, res.status]).toEqual([method, path, status]);
      expect((res.json() as { error: string }).error).toBe(error);
    }
    const text = await new Browser(c.stack.adminUrl).request('POST', '/admin/v1/clients', {
      headers: { authorization: `Bearer ${c.operator}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(415);
    await make({ client_id: 'taken-id', redirect_uris: [REDIRECT] });
    const taken = await admin('POST', '/admin/v1/clients', { client_id: 'taken-id', redirect_uris: [REDIRECT] });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'invalid_client_metadata' });
    const pub = await make({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(pub.client_secret).toBeUndefined();
    const rotate = await admin('POST', `/admin/v1/clients/${pub.client_id}/rotate-secret`);
    expect(rotate.status).toBe(400);
    expect(rotate.json()).toMatchObject({ error: 'invalid_request' });
    // Without a caller, no client is shown.
    expect((await new Browser(c.stack.adminUrl).get('/admin/v1/clients')).status).toBe(401);
  });
});

describe('the trail', () => {
  it('has client.* for each change and admin.action naming the admin and the client', async () => {
    const made = await make({ client_id: 'traced', redirect_uris: [REDIRECT] });
    await admin('PATCH', '/admin/v1/clients/traced', { client_name: 'Traced' });
    await admin('POST', '/admin/v1/clients/traced/rotate-secret');
    await admin('DELETE', '/admin/v1/clients/traced');
    const page = await admin('GET', '/admin/v1/events?type=client.*&limit=200');
    const events = (page.json() as { events: { type: string; actor: unknown; data: { client_id: string } }[] }).events
      .filter((e) => e.data.client_id === made.client_id)
      .reverse();
    expect(events.map((e) => e.type)).toEqual([
      'client.created',
      'client.updated',
      'client.secret_rotated',
      'client.deleted',
    ]);
    for (const e of events) expect(e.actor).toEqual({ kind: 'admin', id: 'operator' });
    const actions = await c.stack.sql<{ method: string }>(
      `SELECT data->>'method' AS method FROM events.events
        WHERE type = 'admin.action' AND data->>'client' = 'traced' AND actor_id = 'operator' ORDER BY id`,
    );
    expect(actions.map((a) => a.method)).toEqual([
      'create_client',
      'update_client',
      'rotate_client_secret',
      'delete_client',
    ]);
    // No secret anywhere in the trail.
    expect(JSON.stringify(await c.stack.sql("SELECT data FROM events.events WHERE type LIKE 'client.%'"))).not.toMatch(
      /secret"|sha256/,
    );
  });
});
