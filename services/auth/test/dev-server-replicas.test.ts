// The dev OAuth2 server on N auth replicas (docs/deployment.md "Scaling out"): the form, the code exchange and /user
// may each reach a different replica, and a code still works once only, across them all, through Redis.
import { createHash, randomBytes } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { Redis } from 'ioredis';
import { DevOAuthServer } from '../src/providers/dev-server';
import { RedisUsedTokens } from '../src/stores/used-tokens';

const log = createLogger({ name: 'dev-replicas', level: 'silent' });
const CALLBACK = 'http://127.0.0.1:1/auth/dev/callback';
const sealKey = randomBytes(32);
let redis: Redis;
const servers: DevOAuthServer[] = [];
let ports: number[] = [];

async function replica(key: Uint8Array, usedCodes: RedisUsedTokens): Promise<number> {
  const server = new DevOAuthServer({
    host: '127.0.0.1',
    port: 0,
    callbackUrl: CALLBACK,
    clientId: 'gatehouse-dev',
    clientSecret: 'shared-secret',
    sealKey: key,
    usedCodes,
    log,
  });
  servers.push(server);
  return server.start();
}

beforeAll(async () => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  // Two replicas that share the key and the used-code marks, as replicas on one AUTH_SECRET and one
  // Redis do; a third with a key of its own.
  const shared = new RedisUsedTokens(redis, `test:${randomBytes(4).toString('hex')}:`);
  ports = [await replica(sealKey, shared), await replica(sealKey, shared), await replica(randomBytes(32), shared)];
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  redis.disconnect();
});

async function codeFrom(port: number, verifier: string): Promise<string> {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: 'gatehouse-dev',
    redirect_uri: CALLBACK,
    code_challenge_method: 'S256',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: 's',
  });
  const res = await fetch(`http://127.0.0.1:${port}/login/oauth/authorize?${q}`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'alice' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string).searchParams.get('code') as string;
}

const exchange = (port: number, code: string, verifier: string) =>
  fetch(`http://127.0.0.1:${port}/login/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'gatehouse-dev',
      client_secret: 'shared-secret',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  });

it('redeems a code made by one replica at another, and its token at a third request elsewhere', async () => {
  const verifier = randomBytes(32).toString('base64url');
  const code = await codeFrom(ports[0] as number, verifier);
  const res = await exchange(ports[1] as number, code, verifier);
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  const user = await fetch(`http://127.0.0.1:${ports[0]}/user`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(await user.json()).toEqual({ id: 'alice', name: 'alice' });
});

it('takes a code once across replicas', async () => {
  const verifier = randomBytes(32).toString('base64url');
  const code = await codeFrom(ports[0] as number, verifier);
  expect((await exchange(ports[1] as number, code, verifier)).status).toBe(200);
  expect((await exchange(ports[0] as number, code, verifier)).status).toBe(400);
});

it('refuses what another key sealed, and a code used as a token', async () => {
  const verifier = randomBytes(32).toString('base64url');
  const code = await codeFrom(ports[0] as number, verifier);
  expect((await exchange(ports[2] as number, code, verifier)).status).toBe(400);
  const asToken = await fetch(`http://127.0.0.1:${ports[0]}/user`, { headers: { authorization: `Bearer ${code}` } });
  expect(asToken.status).toBe(401);
});
