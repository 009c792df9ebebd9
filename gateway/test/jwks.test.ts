// Issue 16 part 1 through the real processes: ES256 tokens with kid, signed by the auth service and
// verified in the gateway, which holds only the public half of the key file; the public key set on
// both JWKS routes and the GetJwks RPC; 404 with HS256.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InternalAuth } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { generateSigningJwk, loadSigningKeys, publicKeySetOf, randomToken, signClaims } from '@gatehouse/token';
import * as grpc from '@grpc/grpc-js';
import { decodeJwt, decodeProtectedHeader, type JWK } from 'jose';

let stack: Stack;
let hs256: Stack;
let first: JWK;
let second: JWK;
const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-jwks-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  [first, second] = await Promise.all([generateSigningJwk('ES256'), generateSigningJwk('ES256')]);
  const keysFile = path.join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify({ keys: [first, second] }));
  // What `pnpm public-keys` prints: the gateway verifies with these and never holds a private key.
  const publicFile = path.join(dir, 'public-keys.json');
  writeFileSync(publicFile, JSON.stringify(publicKeySetOf([first, second])));
  [stack, hs256] = await Promise.all([
    startStack({
      services: ['auth', 'avatar', 'gateway'],
      env: { AUTH_JWT_ALG: 'ES256', AUTH_SIGNING_KEYS_FILE: keysFile, AUTH_TOKEN_DURATION: '1s' },
      serviceEnv: { gateway: { AUTH_SIGNING_KEYS_FILE: publicFile } },
    }),
    startStack({ services: ['auth', 'gateway'] }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([stack?.stop(), hs256?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

it('logs in with dev, answers /auth/user and refreshes, all ES256 with the first kid', async () => {
  const browser = new Browser(stack.url);
  expect((await browser.devLogin('ivy')).status).toBe(200);
  const token = (await browser.cookie('JWT')) as string;
  expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: first.kid, typ: 'JWT' });
  const user = await browser.getWithXsrf('/auth/user');
  expect(user.status).toBe(200);
  expect(user.json()).toMatchObject({ name: 'ivy' });

  await sleep(2100);
  const refreshed = await browser.getWithXsrf('/auth/user');
  expect(refreshed.status).toBe(200);
  const next = (await browser.cookie('JWT')) as string;
  expect(next).not.toBe(token);
  expect(decodeProtectedHeader(next).kid).toBe(first.kid);
  expect(decodeJwt(next).jti).toBe(decodeJwt(token).jti);
});

it('accepts a token of the second (retiring) key, refuses an unknown kid and an HS256 token', async () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'gatehouse',
    aud: 'gatehouse',
    exp: now + 600,
    iat: now,
    jti: randomToken(),
    user: { name: 'old', id: 'dev_old', picture: '' },
    auth_provider: { name: 'dev' },
    auth_time: now,
  };
  const as = async (jwk: JWK) => {
    const set = await loadSigningKeys('ES256', [jwk]);
    return signClaims(claims, { alg: 'ES256', ...set.signing });
  };
  const get = (token: string) => new Browser(stack.url).get('/auth/user', { 'x-jwt': token });
  expect((await get(await as(second))).status).toBe(200);
  const stranger = await get(await as(await generateSigningJwk('ES256')));
  expect(stranger.status).toBe(401);
  expect(stranger.json()).toEqual({ error: 'token key is unknown' });
  expect((await get(await signClaims(claims, stack.env.AUTH_SECRET as string))).status).toBe(401);
});

it.each(['/auth/jwks.json', '/.well-known/jwks.json'])('serves the public keys only at %s', async (route) => {
  const res = await new Browser(stack.url).get(route);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
  const { keys } = res.json() as { keys: JWK[] };
  expect(keys.map((k) => k.kid)).toEqual([first.kid, second.kid]);
  for (const key of keys) {
    expect(key).not.toHaveProperty('d');
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
  }
  expect(res.text).not.toContain(first.d as string);
  expect((await new Browser(hs256.url).get(route)).status).toBe(404);
});

it('answers GetJwks to the operator, NOT_FOUND with HS256', async () => {
  const getJwks = async (s: Stack) => {
    const client = new (loadProto('auth').grpcObject.auth.v1.AuthService)(
      `127.0.0.1:${s.ports.auth}`,
      grpc.credentials.createInsecure(),
    );
    const metadata = new grpc.Metadata();
    const operator = await InternalAuth.load(s.env.INTERNAL_KEYS_DIR as string, 'operator');
    metadata.set('authorization', `Bearer ${await operator.sign('auth')}`);
    return new Promise<{ code: number; json?: string }>((resolve) => {
      client.getJwks({}, metadata, (err, res) => {
        client.close();
        resolve(err ? { code: err.code } : { code: grpc.status.OK, json: res?.jwksJson });
      });
    });
  };
  const es = await getJwks(stack);
  expect(es.code).toBe(grpc.status.OK);
  expect(JSON.parse(es.json as string).keys.map((k: JWK) => [k.kid, 'd' in k])).toEqual([
    [first.kid, false],
    [second.kid, false],
  ]);
  expect((await getJwks(hs256)).code).toBe(grpc.status.NOT_FOUND);
});
