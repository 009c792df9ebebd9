import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type OwnRedis, redisMissing, startRedis } from '@gatehouse/test-kit/servers/redis';
import { makeTestCa, type TestCa } from '@gatehouse/test-kit/servers/tls';
import type { Logger } from '../packages/logger/src';
import { openRedis, resolveRedisConnection } from '../packages/redis/src';

// Redis over TLS with a private CA (rediss:// + REDIS_TLS_CA_FILE, and a client certificate for mutual
// TLS), on a redis-server the test starts with --tls-port and --port 0.
const missing = redisMissing();
if (missing) console.warn(`redis-tls.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

const PASSWORD = 'redis-pw-never-logged-91c';

suite('Redis TLS with a private CA', () => {
  let dir: string;
  let right: TestCa;
  let wrong: TestCa;
  let redis: OwnRedis;
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line) } as unknown as Logger;
  const connection = (ca: TestCa, client = true) => {
    const problems: string[] = [];
    const c = resolveRedisConnection(
      {
        REDIS_URL: `rediss://:${PASSWORD}@localhost:${redis.port}/0`,
        REDIS_TLS_CA_FILE: ca.caFile,
        REDIS_TLS_CERT_FILE: client ? right.clientCertFile : undefined,
        REDIS_TLS_KEY_FILE: client ? right.clientKeyFile : undefined,
        REDIS_SENTINELS: [],
      },
      problems,
    );
    expect(problems).toEqual([]);
    return c!;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gh-redistls-'));
    right = makeTestCa(dir, 'right');
    wrong = makeTestCa(dir, 'wrong');
    redis = await startRedis({
      tls: { certFile: right.certFile, keyFile: right.keyFile, caFile: right.caFile, authClients: true },
      args: ['--requirepass', PASSWORD],
    });
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    lines.length = 0;
  });

  it('works with the right CA and a client certificate (mutual TLS)', async () => {
    const client = openRedis(connection(right), log, { commandTimeoutMs: 2000 });
    try {
      await client.set('tls-test', 'yes');
      expect(await client.get('tls-test')).toBe('yes');
    } finally {
      client.disconnect();
    }
    expect(lines).toEqual([]);
  });

  it('refuses a server whose certificate does not verify, in one line over many retries', async () => {
    const client = openRedis(connection(wrong), log, { commandTimeoutMs: 500 });
    try {
      await expect(client.ping()).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 3000)); // several reconnection attempts
      await expect(client.ping()).rejects.toThrow();
    } finally {
      client.disconnect();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^REDIS_URL: the server's TLS certificate does not verify \(SELF_SIGNED_CERT_IN_CHAIN/);
    expect(lines.join('\n')).not.toContain(PASSWORD);
  }, 20_000);

  it('is refused by a server that asks for a client certificate when none is given', async () => {
    const client = openRedis(connection(right, false), log, { commandTimeoutMs: 500 });
    try {
      await expect(client.ping()).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });

  it('names the setting when the TLS files are inconsistent', () => {
    const problems: string[] = [];
    resolveRedisConnection(
      {
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        REDIS_TLS_CA_FILE: right.caFile,
        REDIS_TLS_CERT_FILE: right.clientCertFile,
        REDIS_SENTINELS: [],
      },
      problems,
    );
    expect(problems).toEqual([
      'REDIS_TLS_*: need a rediss:// REDIS_URL (TLS)',
      'REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE: set both (mutual TLS) or neither',
    ]);
  });
});
