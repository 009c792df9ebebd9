// An application verifying Gatehouse ES256 tokens by the JWKS URL alone: no secret shared with it.
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  configSecretReader,
  generateSigningJwk,
  loadSigningKeys,
  type SigningKeySet,
  TokenService,
} from '@gatehouse/token';
import Koa from 'koa';
import { createAuth, getUserInfo } from './index';

const servers: Server[] = [];
let jwksUrl: string;
let appUrl: string;
let keys: SigningKeySet;
let fetches = 0;

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    servers.push(server);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

const tokens = (signingKeys?: SigningKeySet) =>
  new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 15 * 60_000,
    cookieDurationMs: 24 * 3600_000,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
    signingKeys,
  });

const issue = async (service: TokenService) =>
  (
    await service.issueSession({
      user: { name: 'ann', id: 'app_ann', picture: '' },
      aud: 'site',
      provider: 'app',
      sessionOnly: false,
    })
  ).token;

beforeAll(async () => {
  keys = await loadSigningKeys('ES256', [await generateSigningJwk('ES256')]);
  jwksUrl = `${await listen(
    http.createServer((_req, res) => {
      fetches++;
      res.setHeader('content-type', 'application/jwk-set+json');
      res.end(JSON.stringify(keys.jwks));
    }),
  )}/.well-known/jwks.json`;
  const auth = createAuth({ jwksUrl, algorithm: 'ES256', issuer: 'gatehouse' });
  const koa = new Koa();
  koa.use(auth.auth);
  koa.use((ctx) => {
    ctx.body = { user: getUserInfo(ctx).user };
  });
  appUrl = await listen(http.createServer(koa.callback()));
});

afterAll(() => {
  for (const server of servers) server.close();
});

const get = async (token: string) => {
  const res = await fetch(`${appUrl}/`, { headers: { 'x-jwt': token } });
  return { status: res.status, body: await res.json() };
};

it('accepts a token of the published key and caches the key set', async () => {
  const service = tokens(keys);
  expect(await get(await issue(service))).toEqual({
    status: 200,
    body: { user: expect.objectContaining({ name: 'ann', id: 'app_ann', aud: 'site' }) },
  });
  await get(await issue(service));
  expect(fetches).toBe(1);
});

it('refuses a token of an unpublished key and an HS256 token', async () => {
  const stranger = tokens(await loadSigningKeys('ES256', [await generateSigningJwk('ES256')]));
  expect((await get(await issue(stranger))).status).toBe(401);
  expect((await get(await issue(tokens()))).status).toBe(401);
});

it('refuses an EdDSA-only configuration for ES256 tokens', async () => {
  const edOnly = createAuth({ jwksUrl, algorithm: 'EdDSA' });
  const koa = new Koa();
  koa.use(edOnly.auth);
  const url = await listen(http.createServer(koa.callback()));
  const res = await fetch(url, { headers: { 'x-jwt': await issue(tokens(keys)) } });
  expect(res.status).toBe(401);
});

it('accepts previous HS256 secrets', async () => {
  const old = tokens();
  const rotated = createAuth({ secret: 'n'.repeat(40), previousSecrets: ['s'.repeat(40)] });
  const koa = new Koa();
  koa.use(rotated.auth);
  koa.use((ctx) => {
    ctx.body = {};
  });
  const url = await listen(http.createServer(koa.callback()));
  const res = await fetch(url, { headers: { 'x-jwt': await issue(old) } });
  expect(res.status).toBe(200);
});

it('needs exactly one key source', () => {
  expect(() => createAuth({})).toThrow('secret, secrets or jwksUrl is required');
  expect(() => createAuth({ secret: 's'.repeat(40), jwksUrl })).toThrow('not both');
});
