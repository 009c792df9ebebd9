import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestCa } from '@gatehouse/test-kit/servers/tls';
import { loadGatewayConfig } from './config';

const base = { AUTH_SECRET: 'x'.repeat(32) };

describe('gRPC addresses', () => {
  it('follow the *_GRPC_PORT settings unless *_GRPC_ADDR names one', () => {
    const config = loadGatewayConfig({
      ...base,
      AUTH_GRPC_PORT: '61051',
      AVATAR_GRPC_PORT: '61052',
      TELEGRAM_GRPC_PORT: '61053',
      PAYMENT_GRPC_ADDR: 'payment:50054',
      PAYMENT_GRPC_PORT: '61054',
    });
    expect(config.addresses).toEqual({
      auth: '127.0.0.1:61051',
      avatar: '127.0.0.1:61052',
      telegram: '127.0.0.1:61053',
      payment: 'payment:50054',
    });
  });

  it('default to 127.0.0.1:50051-50054', () => {
    expect(loadGatewayConfig(base).addresses).toEqual({
      auth: '127.0.0.1:50051',
      avatar: '127.0.0.1:50052',
      telegram: '127.0.0.1:50053',
      payment: '127.0.0.1:50054',
    });
  });
});

describe('signing keys', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-gw-keys-'));
  const publicKey = { kid: 'k1', kty: 'EC', crv: 'P-256', x: 'a', y: 'b' };
  const write = (name: string, keys: unknown[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify({ keys }));
    return file;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes public keys: the gateway only verifies', () => {
    const config = loadGatewayConfig({
      ...base,
      AUTH_JWT_ALG: 'ES256',
      AUTH_SIGNING_KEYS_FILE: write('public.json', [publicKey]),
    });
    expect(config.token.signingJwks).toEqual([publicKey]);
  });

  it("still takes the auth service's private file, and refuses what is not a key set", () => {
    const privateFile = write('private.json', [{ ...publicKey, d: 'c' }]);
    expect(
      loadGatewayConfig({ ...base, AUTH_JWT_ALG: 'ES256', AUTH_SIGNING_KEYS_FILE: privateFile }).token.signingJwks,
    ).toHaveLength(1);
    const noKid = write('no-kid.json', [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }]);
    expect(() => loadGatewayConfig({ ...base, AUTH_JWT_ALG: 'ES256', AUTH_SIGNING_KEYS_FILE: noKid })).toThrow(
      'public keys are enough here',
    );
  });
});

describe('METRICS_HOST', () => {
  it('defaults to loopback even when the gateway listens on every address', () => {
    expect(loadGatewayConfig({ ...base, GATEWAY_HOST: '0.0.0.0' }).metricsHost).toBe('127.0.0.1');
    expect(loadGatewayConfig({ ...base, METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });
});

describe('Redis', () => {
  it('keeps the basic-auth counters under a prefix of their own, and reads Sentinel as auth and telegram-bot do', () => {
    const config = loadGatewayConfig({
      ...base,
      REDIS_URL: 'redis://gateway:secret@ignored:1/0',
      REDIS_SENTINELS: 'sentinel-a:26379,sentinel-b:26379',
      REDIS_SENTINEL_NAME: 'gatehouse',
    });
    expect(config.redis.keyPrefix).toBe('gatehouse-gateway:');
    expect(config.redis.connection?.sentinel).toEqual({
      sentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: 'sentinel-b', port: 26379 },
      ],
      name: 'gatehouse',
      password: undefined,
    });
    expect(() => loadGatewayConfig({ ...base, REDIS_SENTINELS: 'sentinel-a:26379' })).toThrow(
      /REDIS_URL: is required with REDIS_TLS_\* and REDIS_SENTINEL\* settings/,
    );
  });
});

describe('the admin listener (ADMIN_ADDR, AUTH_ADMIN_USERS)', () => {
  it('listens on 127.0.0.1:8081 unless told, and not at all when off', () => {
    expect(loadGatewayConfig(base).admin).toEqual({ host: '127.0.0.1', port: 8081 });
    expect(loadGatewayConfig({ ...base, ADMIN_ADDR: '[::1]:9081' }).admin).toEqual({ host: '::1', port: 9081 });
    expect(loadGatewayConfig({ ...base, ADMIN_ADDR: 'off' }).admin).toBeUndefined();
  });

  it('refuses the public port and addresses that are not host:port', () => {
    expect(() => loadGatewayConfig({ ...base, GATEWAY_PORT: '8081' })).toThrow(
      /ADMIN_ADDR: must not be the public port/,
    );
    for (const bad of ['8081', 'localhost', '127.0.0.1:', '127.0.0.1:99999', 'a b:1'])
      expect(() => loadGatewayConfig({ ...base, ADMIN_ADDR: bad })).toThrow(/ADMIN_ADDR: must be host:port/);
  });

  it('takes loopback only (127.0.0.0/8, ::1, localhost) unless ADMIN_ALLOW_REMOTE, naming the address', () => {
    for (const addr of ['127.0.0.1:9081', '127.3.2.1:9081', '[::1]:9081', 'localhost:9081'])
      expect(loadGatewayConfig({ ...base, ADMIN_ADDR: addr }).admin?.tls).toBeUndefined();
    for (const addr of ['0.0.0.0:9081', '[::]:9081', '10.0.0.5:9081', 'admin.internal:9081'])
      expect(() => loadGatewayConfig({ ...base, ADMIN_ADDR: addr })).toThrow(
        new RegExp(`ADMIN_ADDR: ${addr.replace(/[.[\]]/g, '\\$&')} is not loopback`),
      );
  });

  describe('beyond loopback, over TLS only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-gw-admin-tls-'));
    const ca = makeTestCa(dir, 'admin');
    const remote = { ...base, ADMIN_ADDR: '0.0.0.0:9081', ADMIN_ALLOW_REMOTE: 'true' };
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses ADMIN_ALLOW_REMOTE without a certificate and key, or with one of them', () => {
      expect(() => loadGatewayConfig(remote)).toThrow(/ADMIN_ALLOW_REMOTE: .* serves HTTPS only/);
      expect(() => loadGatewayConfig({ ...remote, ADMIN_TLS_CERT_FILE: ca.certFile })).toThrow(/set both/);
    });

    it('refuses files that are not a certificate and its key', () => {
      const other = makeTestCa(dir, 'other');
      for (const [cert, key] of [
        [ca.certFile, other.keyFile],
        [ca.certFile, path.join(dir, 'missing.key')],
        [ca.keyFile, ca.keyFile],
      ])
        expect(() => loadGatewayConfig({ ...remote, ADMIN_TLS_CERT_FILE: cert, ADMIN_TLS_KEY_FILE: key })).toThrow(
          /ADMIN_TLS_CERT_FILE: /,
        );
    });

    it('serves HTTPS with them, beyond loopback or on it', () => {
      const files = { ADMIN_TLS_CERT_FILE: ca.certFile, ADMIN_TLS_KEY_FILE: ca.keyFile };
      expect(loadGatewayConfig({ ...remote, ...files }).admin).toMatchObject({
        host: '0.0.0.0',
        port: 9081,
        tls: { cert: expect.any(Buffer), key: expect.any(Buffer) },
      });
      expect(loadGatewayConfig({ ...base, ...files }).admin?.tls).toBeDefined();
    });
  });

  it('reads AUTH_ADMIN_USERS as a list of user ids', () => {
    expect(loadGatewayConfig(base).adminUsers).toEqual([]);
    expect(loadGatewayConfig({ ...base, AUTH_ADMIN_USERS: ' dev_a , github_b,,' }).adminUsers).toEqual([
      'dev_a',
      'github_b',
    ]);
  });
});
