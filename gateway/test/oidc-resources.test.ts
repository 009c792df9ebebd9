// Protected resources of the OpenID provider (issue 45; docs/openid-provider.md "Resources, service
// clients and MCP"), driven by openid-client against the real stack: client_credentials with a resource
// (RFC 8707) gives a JWT access token whose audience is that resource alone, verified with jose against
// /oidc/jwks as a resource server does, and refused by a verifier for another resource; the client's
// registered `scope` bounds what it gets (invalid_scope), an unknown resource is invalid_target; a code
// flow with `resource` gives a resource-bound token too. And the MCP resource server of the docs
// (docs/examples/mcp-resource-server.mjs), run as a real program on loopback: its 401 and RFC 9728
// metadata lead a client to Gatehouse, it takes a token for itself and refuses one for another resource.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { freePort, ROOT } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { authorizeInBrowser, type OidcStack, startOidcStack } from './oidc-stack';

const API = 'https://api.example.test/';
const REPORTS = 'https://reports.example.test/';
const ADMIN = 'https://admin.example.test/';
const REDIRECT = 'https://rp.example/callback';
const EXAMPLE = path.join(ROOT, 'docs/examples/mcp-resource-server.mjs');
const insecure = { execute: [oidc.allowInsecureRequests] };

let stack: OidcStack;
let dir: string;
let mcp: string;
let mcpServer: ChildProcess | undefined;
let mcpOutput = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-oidc-resources-'));
  mcp = `http://127.0.0.1:${await freePort()}/mcp`;
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      oidc: {
        resources: [
          { uri: API, scopes: ['read', 'write'] },
          { uri: REPORTS, scopes: ['read'] },
          { uri: ADMIN, scopes: ['admin'] },
          { uri: mcp, scopes: ['mcp:tools'] },
        ],
      },
    }),
  );
  stack = await startOidcStack({ AUTH_CONFIG: config });
}, 90_000);

afterAll(async () => {
  if (mcpServer && mcpServer.exitCode === null) {
    const exited = new Promise((resolve) => mcpServer?.once('exit', resolve));
    mcpServer.kill('SIGTERM');
    await exited;
  }
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A confidential service client: client_credentials only, the scopes it may have. */
async function serviceClient(scope?: string) {
  const { clientId, clientSecret } = await stack.registerClient({
    client_name: 'Billing job',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    ...(scope === undefined ? {} : { scope }),
  });
  const secret = clientSecret as string;
  const config = await oidc.discovery(
    new URL(stack.issuer),
    clientId,
    { client_secret: secret },
    oidc.ClientSecretBasic(secret),
    insecure,
  );
  return { clientId, config };
}

/** A resource server's check of a token: Gatehouse's keys and issuer, the audience it is. */
function verifierFor(audience: string) {
  const keys = createRemoteJWKSet(new URL(`${stack.issuer}/oidc/jwks`));
  return (token: string) => jwtVerify(token, keys, { issuer: stack.issuer, audience, typ: 'at+jwt' });
}

describe('client_credentials with a resource', () => {
  it('gives a JWT for that resource alone: its verifier takes it, another resource refuses it', async () => {
    const { clientId, config } = await serviceClient('read write');
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read', resource: API });
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('read');
    const { payload, protectedHeader } = await verifierFor(API)(tokens.access_token);
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload).toMatchObject({ iss: stack.issuer, aud: API, client_id: clientId, sub: clientId, scope: 'read' });
    await expect(verifierFor(REPORTS)(tokens.access_token)).rejects.toMatchObject({
      code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      claim: 'aud',
    });
    // The same scope word of another resource is another token, for that resource only.
    const reports = await oidc.clientCredentialsGrant(config, { scope: 'read', resource: REPORTS });
    expect((await verifierFor(REPORTS)(reports.access_token)).payload.aud).toBe(REPORTS);
    await expect(verifierFor(API)(reports.access_token)).rejects.toMatchObject({ claim: 'aud' });
  });

  it("refuses a scope outside the client's registered ones (invalid_scope)", async () => {
    const { config } = await serviceClient('read');
    await expect(oidc.clientCredentialsGrant(config, { scope: 'write', resource: API })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
    // A resource's scope without the resource is no bound token: refused, never silently dropped.
    await expect(oidc.clientCredentialsGrant(config, { scope: 'read' })).rejects.toMatchObject({
      error: 'invalid_scope',
      error_description: expect.stringContaining('name the resource'),
    });
    // A client with no registered scope may have the provider's own scopes, and no resource's.
    const { config: unscoped } = await serviceClient();
    await expect(oidc.clientCredentialsGrant(unscoped, { scope: 'read', resource: API })).rejects.toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('refuses a resource not configured, and one the client may have no scope of (invalid_target)', async () => {
    const { config } = await serviceClient('read write');
    await expect(
      oidc.clientCredentialsGrant(config, { scope: 'read', resource: 'https://elsewhere.example.test/' }),
    ).rejects.toMatchObject({ error: 'invalid_target' });
    await expect(oidc.clientCredentialsGrant(config, { resource: ADMIN })).rejects.toMatchObject({
      error: 'invalid_target',
    });
  });
});

describe('the code flow with a resource', () => {
  it("gives a token bound to the resource, within the client's scopes; a scope beyond them is refused", async () => {
    const { clientId, clientSecret } = await stack.registerClient({
      client_name: 'Reports UI',
      redirect_uris: [REDIRECT],
      scope: 'openid profile read',
    });
    const secret = clientSecret as string;
    const config = await oidc.discovery(
      new URL(stack.issuer),
      clientId,
      { client_secret: secret },
      oidc.ClientSecretBasic(secret),
      insecure,
    );
    const browser = new Browser(stack.issuer);
    const authorize = async (scope: string) => {
      const verifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope,
        resource: API,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        nonce,
      });
      return { back: await authorizeInBrowser(browser, url.href, 'oidc-resource-rita'), verifier, nonce };
    };
    const { back, verifier, nonce } = await authorize('openid read');
    const tokens = await oidc.authorizationCodeGrant(
      config,
      back,
      { pkceCodeVerifier: verifier, expectedNonce: nonce, idTokenExpected: true },
      { resource: API },
    );
    const sub = tokens.claims()?.sub;
    expect(sub).toMatch(/^dev_/);
    const { payload } = await verifierFor(API)(tokens.access_token);
    expect(payload).toMatchObject({ aud: API, sub, client_id: clientId, scope: 'read' });
    await expect(verifierFor(REPORTS)(tokens.access_token)).rejects.toMatchObject({ claim: 'aud' });
    // `write` is the API's, but not this client's: the provider sends the browser back with the error.
    const refused = await authorize('openid write');
    expect(refused.back.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('an MCP resource server (docs/examples/mcp-resource-server.mjs)', () => {
  beforeAll(async () => {
    mcpServer = spawn(process.execPath, [EXAMPLE, stack.issuer, mcp], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    mcpServer.stdout?.on('data', (c: Buffer) => {
      mcpOutput += c.toString();
    });
    mcpServer.stderr?.on('data', (c: Buffer) => {
      mcpOutput += c.toString();
    });
    await until(() => mcpOutput.includes('serving') || mcpServer?.exitCode !== null, {
      ms: 15_000,
      what: 'the example MCP server to listen',
    });
    if (!mcpOutput.includes('serving')) throw new Error(`the example did not start: ${mcpOutput}`);
  });

  it('is the code docs/openid-provider.md shows', () => {
    const page = readFileSync(path.join(ROOT, 'docs/openid-provider.md'), 'utf8');
    expect(page).toContain(`\`\`\`js\n${readFileSync(EXAMPLE, 'utf8')}\`\`\``);
  });

  it('leads a client to Gatehouse, takes a token for itself and refuses one for another resource', async () => {
    // No token: 401, and where the metadata is (RFC 9728 §5.1).
    const bare = await fetch(mcp);
    expect(bare.status).toBe(401);
    const challenge = bare.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] as string;
    expect(metadataUrl).toBe(`${new URL(mcp).origin}/.well-known/oauth-protected-resource/mcp`);
    const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource: mcp, authorization_servers: [stack.issuer] });
    // As an MCP client goes on: the authorization server's RFC 8414 metadata, S256 listed.
    const { clientId, clientSecret } = await stack.registerClient({
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      scope: 'mcp:tools read',
    });
    const secret = clientSecret as string;
    const config = await oidc.discovery(
      new URL((metadata.authorization_servers as string[])[0] as string),
      clientId,
      { client_secret: secret },
      oidc.ClientSecretBasic(secret),
      { ...insecure, algorithm: 'oauth2' },
    );
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);
    const call = (token: string) => fetch(mcp, { headers: { authorization: `Bearer ${token}` } });

    const own = await oidc.clientCredentialsGrant(config, { scope: 'mcp:tools', resource: mcp });
    const served = await call(own.access_token);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ sub: clientId, client_id: clientId, scope: 'mcp:tools' });

    const forApi = await oidc.clientCredentialsGrant(config, { scope: 'read', resource: API });
    expect(decodeJwt(forApi.access_token).aud).toBe(API);
    const refused = await call(forApi.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');

    // A token for it that carries none of its scopes: 403, naming the scope wanted.
    const scopeless = await oidc.clientCredentialsGrant(config, { resource: mcp });
    const short = await call(scopeless.access_token);
    expect(short.status).toBe(403);
    expect(short.headers.get('www-authenticate')).toContain('scope="mcp:tools"');
  });
});
