// The OpenID provider's single-use state across replicas (issue 45): two auth processes on one Postgres
// and Redis, each behind its own gateway. An authorization's interaction resumed through one is not
// resumed again through the other; a code redeemed through both at once is issued once (the loser is a
// reuse); a device's polls count on both (slow_down), and its device code is redeemed once.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import * as oidc from 'openid-client';
import { Client } from 'pg';
import { loggedIn } from './directory-stack';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const REDIRECT = 'https://rp.example/callback';

let db: TestDatabase;
let stack: Stack;
/** The second gateway, whose every call goes to the second auth replica. */
let other: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_oidc_replicas');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      AUTH_OIDC_PROVIDER: 'true',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      AUTH_OIDC_DEVICE_POLL_INTERVAL: '1s',
    },
  });
  const auth2 = await stack.addReplica('auth');
  other = (await stack.addGateway({ env: { AUTH_GRPC_ADDR: auth2.address } })).url;
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

/** A public client straight into auth's table, as the admin API registers one. */
async function registerPublicClient(metadata: Record<string, unknown>): Promise<string> {
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('INSERT INTO auth.oidc_clients (client_id, metadata) VALUES ($1, $2)', [
      clientId,
      JSON.stringify({ token_endpoint_auth_method: 'none', ...metadata }),
    ]);
  } finally {
    await client.end();
  }
  return clientId;
}

/** A token request through `gateway` (the issuer's endpoints are the first gateway's; this one reaches auth 2). */
async function token(gateway: string, form: Record<string, string>) {
  const res = await fetch(`${gateway}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('an authorization', () => {
  it('resumes once: its interaction replayed through the other replica gives no second code', async () => {
    // Not first party: the consent page is an interaction, whose resume the test replays.
    const clientId = await registerPublicClient({ redirect_uris: [REDIRECT] });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = new URL(`${stack.url}/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: oidc.randomState(),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    const browser = await loggedIn(stack.url, 'replica-alice');
    // Signed in already: the provider's redirects lead to the consent page, its answer to the resume.
    let next = url.href;
    let resume: { url: string; cookie: string } | undefined;
    let code: string | null = null;
    for (let hops = 0; hops < 10 && !code; hops++) {
      if (new URL(next, stack.url).pathname.startsWith('/oidc/auth/'))
        resume = { url: next, cookie: await browser.jar.getCookieString(new URL(next, stack.url).href) };
      let res = await browser.request('GET', next);
      const form = /action="([^"]+\/consent)">.*?name="form_token" value="([^"]+)"/s.exec(res.text);
      if (res.status === 200 && form)
        res = await browser.request('POST', form[1] as string, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ form_token: form[2] as string, decision: 'allow' }).toString(),
        });
      expect([302, 303]).toContain(res.status);
      next = res.headers.get('location') as string;
      if (next.startsWith(REDIRECT)) code = new URL(next).searchParams.get('code');
    }
    expect(code).toBeTruthy();
    expect(resume).toBeDefined();
    // The same resume, with the cookies it was sent with, through the other gateway and auth replica.
    const replay = await fetch(new URL(resume?.url as string, other), {
      headers: { cookie: resume?.cookie as string },
      redirect: 'manual',
    });
    // The interaction was used up by the first resume: the other replica does not find it.
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
    expect(await replay.text()).toContain('interaction session not found');

    // The code itself, redeemed through both replicas at once: one answer has tokens, the other is a
    // reuse, refused (invalid_grant).
    const form = {
      grant_type: 'authorization_code',
      code: code as string,
      redirect_uri: REDIRECT,
      client_id: clientId,
    };
    const answers = await Promise.all([
      token(stack.url, { ...form, code_verifier: verifier }),
      token(other, { ...form, code_verifier: verifier }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.error).toBe('invalid_grant');
  });
});

describe('a device', () => {
  it('is slowed down across replicas, and its device code is redeemed once', async () => {
    const clientId = await registerPublicClient({
      client_name: 'Replica TV',
      grant_types: [DEVICE_GRANT],
      response_types: [],
    });
    const started = (await fetch(`${stack.url}/oidc/device/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, scope: 'openid' }),
    }).then((r) => r.json())) as { device_code: string; user_code: string };
    const poll = { grant_type: DEVICE_GRANT, device_code: started.device_code, client_id: clientId };
    expect((await token(stack.url, poll)).body.error).toBe('authorization_pending');
    expect((await token(other, poll)).body.error).toBe('slow_down');

    // Approved through the other gateway (the second auth replica), with a session made at the first
    // (cookies are per host, not per port: the same browser).
    const bob = await loggedIn(stack.url, 'replica-bob');
    const approved = await bob.request('POST', `${other}/auth/device`, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await bob.xsrf() },
      body: JSON.stringify({ user_code: started.user_code, action: 'approve' }),
    });
    expect(approved.status).toBe(200);
    const answers = await Promise.all([token(stack.url, poll), token(other, poll)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.error).toBe('invalid_grant');
    // And later, through either: used.
    expect((await token(stack.url, poll)).body.error).toBe('invalid_grant');
  });
});
