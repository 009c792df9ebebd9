// The OpenID provider with an issuer that has a path (AUTH_URL http://host/sso), as deployed behind a
// proxy that strips `/sso` and forwards the root's /.well-known/ paths untouched (docs/openid-provider.md
// "Discovery as MCP clients look for it"). The proxy here is a real one on loopback. Discovery answers at
// every place MCP clients try (RFC 8414's path-inserted form first), each naming the issuer exactly and
// endpoints under /sso; another path's form is not found; openid-client discovers it both ways and gets
// a client_credentials token through the prefix, verified with the keys discovery names.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { Client } from 'pg';
import { hashSecret } from '../../services/auth/src/oidc/clients';

const API = 'https://api.example.test/';
const insecure = { execute: [oidc.allowInsecureRequests] };

let db: TestDatabase;
let stack: Stack;
let proxy: http.Server;
let dir: string;
let origin: string;
let issuer: string;

/** The operator's proxy: /sso/* to the gateway without the prefix, /.well-known/* as it is, nothing else. */
function startProxy(port: number, gateway: () => number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const forwarded = url === '/sso' || url.startsWith('/sso/') ? url.slice(4) || '/' : url;
    if (forwarded === url && !url.startsWith('/.well-known/')) return void res.writeHead(404).end();
    const upstream = http.request(
      { host: '127.0.0.1', port: gateway(), method: req.method, path: forwarded, headers: req.headers },
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

beforeAll(async () => {
  db = await createTestDatabase('gh_oidc_path');
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-oidc-path-'));
  const config = path.join(dir, 'auth.json');
  writeFileSync(config, JSON.stringify({ oidc: { resources: [{ uri: API, scopes: ['read'] }] } }));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  issuer = `${origin}/sso`;
  proxy = await startProxy(port, () => stack.ports.gateway);
  stack = await startStack({
    services: ['auth', 'gateway'],
    authDatabaseUrl: db.url,
    env: {
      AUTH_URL: issuer,
      AUTH_OIDC_PROVIDER: 'true',
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      AUTH_CONFIG: config,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function metadataAt(url: string): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  const res = await fetch(url);
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined };
}

it('answers discovery at every place MCP clients look, naming the issuer and endpoints under its path', async () => {
  for (const url of [
    `${origin}/.well-known/oauth-authorization-server/sso`,
    `${origin}/.well-known/openid-configuration/sso`,
    `${issuer}/.well-known/openid-configuration`,
    `${issuer}/.well-known/oauth-authorization-server`,
  ]) {
    const { status, body } = await metadataAt(url);
    expect({ url, status }).toEqual({ url, status: 200 });
    expect(body).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/oidc/token`,
      jwks_uri: `${issuer}/oidc/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
  }
  // Another issuer's path-inserted form is not this provider's.
  expect((await metadataAt(`${origin}/.well-known/oauth-authorization-server/other`)).status).toBe(404);
  expect((await metadataAt(`${origin}/.well-known/oauth-authorization-server/sso/more`)).status).toBe(404);
});

it('gives openid-client, by either discovery, a client_credentials token through the prefix', async () => {
  const secret = randomBytes(32).toString('base64url');
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  try {
    await sql.query('INSERT INTO auth.oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3)', [
      'path-job',
      JSON.stringify({ grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: 'read' }),
      hashSecret(secret),
    ]);
  } finally {
    await sql.end();
  }
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    const config = await oidc.discovery(
      new URL(issuer),
      'path-job',
      { client_secret: secret },
      oidc.ClientSecretBasic(secret),
      { ...insecure, algorithm },
    );
    const meta = config.serverMetadata();
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read', resource: API });
    const keys = createRemoteJWKSet(new URL(meta.jwks_uri as string));
    const { payload } = await jwtVerify(tokens.access_token, keys, { issuer, audience: API, typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: issuer, aud: API, client_id: 'path-job', scope: 'read' });
  }
});
