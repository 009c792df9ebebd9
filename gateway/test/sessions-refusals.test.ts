// Sessions per device: last_seen_at at refresh, and what the routes refuse (docs/accounts.md "Sessions per device"): no session, a cookie
// session without its XSRF header, basic auth, odd methods, bodies, and callers of the auth service's
// SessionService other than the gateway. Real auth, avatar and gateway processes and the real Redis.
import path from 'node:path';
import { InternalAuth } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import * as grpc from '@grpc/grpc-js';
import { list, loggedIn as loggedInAt, userOf } from './session-devices';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      GATEWAY_TRUSTED_PROXIES: '1',
      AUTH_ADMIN_PASSWD: 'admin-password-for-tests',
      // Tokens expire fast, so a cookie session is refreshed within a test (last_seen_at below).
      AUTH_TOKEN_DURATION: '2s',
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const loggedIn = (user: string) => loggedInAt(stack.url, user);

describe('last_seen_at', () => {
  it('moves when the session’s token is refreshed, and created_at stays', async () => {
    const device = await loggedIn(`seen-${Date.now()}`);
    const [before] = await list(device);
    await new Promise((r) => setTimeout(r, 3000));
    // The expired cookie token is refreshed on this request (the list itself is read before or after).
    expect(await userOf(device)).toBe(200);
    const [after] = await list(device);
    expect(after?.id).toBe(before?.id);
    expect(after?.created_at).toBe(before?.created_at);
    expect(Date.parse(after?.last_seen_at as string)).toBeGreaterThanOrEqual(
      Date.parse(before?.last_seen_at as string) + 2500,
    );
  });
});

describe('refusals', () => {
  it('needs a session, and the XSRF header with a cookie one', async () => {
    const anonymous = new Browser(stack.url);
    expect((await anonymous.get('/auth/sessions')).status).toBe(401);
    expect((await anonymous.request('POST', '/auth/sessions/revoke-others')).status).toBe(401);
    expect((await anonymous.request('DELETE', `/auth/sessions/${'A'.repeat(22)}`)).status).toBe(401);

    const user = `xsrf-${Date.now()}`;
    const device = await loggedIn(user);
    const other = await loggedIn(user);
    const otherId = (await list(device)).find((s) => !s.current)?.id as string;
    for (const [method, path] of [
      ['GET', '/auth/sessions'],
      ['POST', '/auth/sessions/revoke-others'],
      ['DELETE', `/auth/sessions/${otherId}`],
    ] as const) {
      const res = await device.request(method, path);
      expect([method, res.status, res.json()]).toEqual([method, 401, { error: expect.any(String) }]);
      const wrong = await device.request(method, path, { headers: { 'x-xsrf-token': otherId } });
      expect([method, wrong.status]).toEqual([method, 401]);
    }
    expect(await userOf(other)).toBe(200);

    const forged = await new Browser(stack.url).get('/auth/sessions', { 'x-jwt': 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
    const admin = `Basic ${Buffer.from('admin:admin-password-for-tests').toString('base64')}`;
    const basic = await new Browser(stack.url).get('/auth/sessions', { authorization: admin });
    expect([basic.status, basic.json()]).toEqual([403, { error: 'sessions need a session token' }]);
  });

  it('answers odd methods 405 with Allow, before anything else', async () => {
    const device = await loggedIn(`methods-${Date.now()}`);
    const id = (await list(device))[0]?.id as string;
    for (const [method, path, allow] of [
      ['PUT', '/auth/sessions', 'GET, HEAD'],
      ['POST', '/auth/sessions', 'GET, HEAD'],
      ['DELETE', '/auth/sessions', 'GET, HEAD'],
      ['GET', '/auth/sessions/revoke-others', 'POST'],
      ['DELETE', '/auth/sessions/revoke-others', 'POST'],
      ['GET', `/auth/sessions/${id}`, 'DELETE'],
      ['PATCH', `/auth/sessions/${id}`, 'DELETE'],
      ['POST', `/auth/sessions/${id}`, 'DELETE'],
    ] as const) {
      const res = await device.send(method, path);
      expect([method, path, res.status, res.headers.get('allow'), res.json()]).toEqual([
        method,
        path,
        405,
        allow,
        { error: 'method not allowed' },
      ]);
    }
    expect(await userOf(device)).toBe(200);
  });

  it('ignores a body it does not read, however large or broken', async () => {
    const device = await loggedIn(`body-${Date.now()}`);
    for (const body of ['{broken', 'x'.repeat(2 * 1024 * 1024)]) {
      const res = await device.request('POST', '/auth/sessions/revoke-others', {
        headers: { 'x-xsrf-token': await device.xsrf(), 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(204);
    }
    expect(await userOf(device)).toBe(200);
  });
});

describe('auth.v1.SessionService', () => {
  it('answers only the gateway: nobody else may list or end a user’s sessions', async () => {
    const client = new (loadProto('sessions').grpcObject.auth.v1.SessionService)(
      `127.0.0.1:${stack.ports.auth}`,
      grpc.credentials.createInsecure(),
    );
    const as = async (identity: string) => {
      const dir = path.join(stack.env.INTERNAL_KEYS_DIR as string, '..', identity);
      const metadata = new grpc.Metadata();
      metadata.set('authorization', `Bearer ${await (await InternalAuth.load(dir, identity)).sign('auth')}`);
      return metadata;
    };
    const code = (call: (cb: (err: grpc.ServiceError | null) => void) => void) =>
      new Promise<number>((resolve) => call((err) => resolve(err ? err.code : grpc.status.OK)));
    const caller = { userId: 'dev_x', jti: 'x' };
    try {
      expect(await code((cb) => client.listSessions({ caller }, cb))).toBe(grpc.status.UNAUTHENTICATED);
      const operator = await as('operator');
      expect(await code((cb) => client.listSessions({ caller }, operator, cb))).toBe(grpc.status.PERMISSION_DENIED);
      expect(await code((cb) => client.endOtherSessions({ caller }, operator, cb))).toBe(grpc.status.PERMISSION_DENIED);
      const gateway = await as('gateway');
      expect(await code((cb) => client.listSessions({ caller }, gateway, cb))).toBe(grpc.status.OK);
      expect(await code((cb) => client.listSessions({}, gateway, cb))).toBe(grpc.status.INVALID_ARGUMENT);
    } finally {
      client.close();
    }
  });
});
