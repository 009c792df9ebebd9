// The OpenID provider scaled out (issue 45: "a code issued through one replica is redeemed through
// another"): three auth processes on one Postgres and Redis, and two gateways, each balancing its gRPC
// calls over all three replicas (round_robin), behind a balancer on loopback whose origin is the issuer.
// A browser's authorization goes through both gateways in turn (the login and consent pages and the
// provider's interaction cookies cross them), its code is redeemed through the second gateway, the
// refresh token rotated through the first, a service's token introspected through the other gateway,
// and every replica served part of it. The demo client (AUTH_OIDC_DEMO_CLIENT) is the one logging in: made
// by the first replica, and kept as an operator changed it when the others start.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { metricValue, scrapeMetrics } from '@gatehouse/test-kit/metric-value';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';
import * as oidc from 'openid-client';
import { Client } from 'pg';
import { hashSecret } from '../../services/auth/src/oidc/clients';
import { authorizeInBrowser } from './oidc-stack';

const insecure = { execute: [oidc.allowInsecureRequests] };

let db: TestDatabase;
let stack: Stack;
let issuer: string;
let balancer: http.Server;
/** Where the balancer sends the next request: both gateways in turn, or one of them. */
let route: 'alternate' | 0 | 1 = 'alternate';
const gateways: string[] = [];
const served = [0, 0];
let turn = 0;
const replicas: { address: string; metricsPort: number }[] = [];

/** A loopback balancer in front of the gateways, as a load balancer is in front of a deployment. */
function startBalancer(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const which = route === 'alternate' ? turn++ % 2 : route;
    served[which] = (served[which] ?? 0) + 1;
    const target = new URL(gateways[which] as string);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase('gh_oidc_scale');
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  balancer = await startBalancer(port);
  stack = await startStack({
    services: ['auth', 'avatar'],
    authDatabaseUrl: db.url,
    metrics: true,
    env: {
      AUTH_URL: issuer,
      AUTH_OIDC_PROVIDER: 'true',
      AUTH_OIDC_DEMO_CLIENT: 'true',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  });
  replicas.push({ address: `127.0.0.1:${stack.ports.auth}`, metricsPort: stack.metricsPorts?.auth as number });
  // The operator renames the demo client the first replica made; the replicas started next keep that.
  await sql('UPDATE auth.oidc_clients SET metadata = metadata || \'{"client_name": "Renamed demo"}\'');
  for (let i = 0; i < 2; i++) {
    const metricsPort = await freePort();
    const replica = await stack.addReplica('auth', { env: { METRICS_PORT: String(metricsPort) } });
    replicas.push({ address: replica.address, metricsPort });
  }
  const everyReplica = `ipv4:${replicas.map((r) => r.address).join(',')}`;
  for (let i = 0; i < 2; i++) gateways.push((await stack.addGateway({ env: { AUTH_GRPC_ADDR: everyReplica } })).url);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => balancer?.close(resolve));
  await db?.drop();
});

it('keeps one demo client, as the operator left it, however many replicas start', async () => {
  const rows = await sql<{ client_id: string; metadata: Record<string, unknown>; secret_hash: string | null }>(
    'SELECT client_id, metadata, secret_hash FROM auth.oidc_clients',
  );
  expect(rows).toEqual([
    {
      client_id: 'gatehouse-demo',
      secret_hash: null,
      metadata: expect.objectContaining({
        client_name: 'Renamed demo',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1:8090/callback', 'http://localhost:8090/callback'],
      }),
    },
  ]);
});

it('logs in across both gateways and every replica: the code redeemed through the other, refreshed through the first', async () => {
  const before = await Promise.all(replicas.map((r) => oidcCalls(r.metricsPort)));
  route = 'alternate';
  const config = await oidc.discovery(new URL(issuer), 'gatehouse-demo', undefined, oidc.None(), insecure);
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: 'http://127.0.0.1:8090/callback',
    scope: 'openid profile offline_access',
    prompt: 'consent',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
  });
  const browser = new Browser(issuer);
  const back = await authorizeInBrowser(browser, url.href, 'oidc-scale-sam');
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(served.every((n) => n > 0)).toBe(true);

  route = 1;
  const tokens = await oidc.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  expect(tokens.claims()).toMatchObject({ iss: issuer, aud: 'gatehouse-demo', sub: expect.stringMatching(/^dev_/) });

  route = 0;
  const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
  expect(rotated.refresh_token).toBeTruthy();
  expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
  const me = await oidc.fetchUserInfo(config, rotated.access_token, tokens.claims()?.sub as string);
  expect(me.name).toBe('oidc-scale-sam');

  const after = await Promise.all(replicas.map((r) => oidcCalls(r.metricsPort)));
  expect(after.map((n, i) => n > (before[i] ?? 0))).toEqual([true, true, true]);
});

it("introspects through one gateway a service's token issued through the other", async () => {
  const secret = randomBytes(32).toString('base64url');
  await sql('INSERT INTO auth.oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3)', [
    'scale-job',
    JSON.stringify({ grant_types: ['client_credentials'], response_types: [], redirect_uris: [] }),
    hashSecret(secret),
  ]);
  const config = await oidc.discovery(
    new URL(issuer),
    'scale-job',
    { client_secret: secret },
    oidc.ClientSecretBasic(secret),
    insecure,
  );
  for (let i = 0; i < 3; i++) {
    route = 0;
    const { access_token } = await oidc.clientCredentialsGrant(config);
    route = 1;
    expect(await oidc.tokenIntrospection(config, access_token)).toMatchObject({ active: true, client_id: 'scale-job' });
  }
});

/** The OpenID provider's requests one auth replica served, from its /metrics. */
async function oidcCalls(metricsPort: number): Promise<number> {
  const text = await scrapeMetrics(metricsPort);
  return metricValue(text, 'gatehouse_grpc_server_calls_total', { service: 'auth.v1.OidcService', method: 'Http' });
}
