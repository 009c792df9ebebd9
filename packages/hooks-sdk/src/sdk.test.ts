// The SDK's server and Gatehouse's client talking over a real gRPC connection on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInternalKeys, InternalAuth } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import { HookError, HooksClient, hookSecretReader } from './client';
import { type RunningHooks, serveHooks } from './server';

const log = createLogger({ name: 'sdk-test', level: 'silent' });
let hooks: RunningHooks;
let secretCalls = 0;

beforeAll(async () => {
  hooks = await serveHooks(
    {
      async validate(token, claims) {
        return token === 'good' && claims.user?.name === 'ann';
      },
      async updateClaims(claims) {
        // An updater may try to change the frame; only the user survives.
        return { ...claims, aud: 'elsewhere', exp: 1, user: { ...claims.user!, role: 'staff' } };
      },
      async mapUser(provider, info) {
        const raw = JSON.parse(info.toString('utf8')) as { login: string };
        return { name: raw.login, id: `${provider}_${raw.login}`, picture: '' };
      },
      async readSecret(aud) {
        secretCalls++;
        return aud === 'short' ? 'too-short' : `${aud}-${'s'.repeat(40)}`;
      },
      async checkBasicAuth(user) {
        return user === 'bot' ? { name: 'bot', id: 'app_bot', picture: '' } : null;
      },
    },
    { port: 0, log },
  );
});

afterAll(async () => {
  await hooks?.close();
});

const client = (enabled: HooksClient['has'] extends (n: infer N) => boolean ? N[] : never) =>
  new HooksClient({ address: `127.0.0.1:${hooks.port}`, enabled, timeoutMs: 2000 });

it('calls the application functions with JSON in and out', async () => {
  const c = client(['validate', 'update-claims', 'map-user', 'check-basic-auth']);
  try {
    const user = { name: 'ann', id: 'app_ann', picture: '' };
    expect(await c.validate('good', { user })).toBe(true);
    expect(await c.validate('bad', { user })).toBe(false);
    expect(await c.updateClaims({ aud: 'site', exp: 99, user })).toEqual({
      aud: 'site',
      exp: 99,
      user: { ...user, role: 'staff' },
    });
    expect(await c.mapUser('gitea', Buffer.from('{"login":"zed"}'))).toEqual({
      name: 'zed',
      id: 'gitea_zed',
      picture: '',
    });
    expect(await c.checkBasicAuth('bot', 'x')).toEqual({ name: 'bot', id: 'app_bot', picture: '' });
    expect(await c.checkBasicAuth('eve', 'x')).toBeNull();
  } finally {
    c.close();
  }
});

it('answers UNIMPLEMENTED for a hook the application left out', async () => {
  const { grpcObject } = loadProto('hooks');
  const raw = new grpcObject.hooks.v1.AuthHooks(`127.0.0.1:${hooks.port}`, grpc.credentials.createInsecure());
  const err = await new Promise<grpc.ServiceError | null>((resolve) =>
    raw.send({ provider: 'p', address: 'a', text: 't' }, { deadline: Date.now() + 2000 }, (e) => resolve(e)),
  );
  raw.close();
  expect(err?.code).toBe(grpc.status.UNIMPLEMENTED);
  const c = client(['update-user']);
  try {
    await expect(c.updateUser({ name: 'a', id: 'b', picture: '' })).rejects.toMatchObject({
      hook: 'update-user',
      reason: 'failed',
    });
  } finally {
    c.close();
  }
});

it('never calls a hook that is not in AUTH_HOOKS', async () => {
  const c = client(['validate']);
  try {
    expect(c.has('read-secret')).toBe(false);
    await expect(c.readSecret('site')).rejects.toThrow('hook read-secret is not in AUTH_HOOKS');
  } finally {
    c.close();
  }
});

it('caches secrets briefly and refuses short ones', async () => {
  const c = client(['read-secret']);
  let now = 0;
  try {
    const read = hookSecretReader(c, 60_000, () => now);
    const before = secretCalls;
    expect(await read('site')).toBe(`site-${'s'.repeat(40)}`);
    await read('site');
    expect(secretCalls - before).toBe(1);
    now += 61_000;
    await read('site');
    expect(secretCalls - before).toBe(2);
    await expect(read('short')).rejects.toBeInstanceOf(HookError);
  } finally {
    c.close();
  }
});

it('reports a hooks server that is not there as unavailable', async () => {
  const c = new HooksClient({ address: '127.0.0.1:1', enabled: ['validate'], timeoutMs: 500 });
  try {
    await expect(c.validate('t', {})).rejects.toMatchObject({ reason: expect.stringMatching(/unavailable|timeout/) });
  } finally {
    c.close();
  }
});

it('with internal keys, answers only Gatehouse’s auth service and gateway', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-hooks-keys-'));
  await ensureInternalKeys(dir);
  const guarded = await serveHooks({ validate: async () => true }, { port: 0, log, internalKeysDir: dir });
  const settings = { address: `127.0.0.1:${guarded.port}`, enabled: ['validate' as const], timeoutMs: 2000 };
  const asCaller = async (identity: string) => {
    const auth = await InternalAuth.load(dir, identity);
    await auth.prepare(['hooks']);
    return new HooksClient(settings, auth);
  };
  const gateway = await asCaller('gateway');
  const stranger = await asCaller('payment');
  const anonymous = new HooksClient(settings);
  try {
    expect(await gateway.validate('t', {})).toBe(true);
    await expect(stranger.validate('t', {})).rejects.toThrow(HookError);
    await expect(anonymous.validate('t', {})).rejects.toThrow(HookError);
  } finally {
    for (const c of [gateway, stranger, anonymous]) c.close();
    await guarded.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
