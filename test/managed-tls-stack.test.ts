import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { type OwnPostgres, postgresMissing, startPostgres } from '@gatehouse/test-kit/servers/postgres';
import { type OwnRedis, redisMissing, startRedis } from '@gatehouse/test-kit/servers/redis';
import { makeTestCa, type TestCa } from '@gatehouse/test-kit/servers/tls';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { Client } from 'pg';
import { type DevProcessor, startDevProcessor } from '../services/payment/src/processor/dev';

// The stack on TLS Postgres and TLS-only Redis (mutual TLS), with certificates from a private CA the
// test makes: a login and a card load work, and every Postgres connection of the processes is encrypted.
const missing = postgresMissing() ?? redisMissing();
if (missing) console.warn(`managed-tls-stack.test.ts skipped: ${missing}`);
const suite = missing ? describe.skip : describe;

suite('the stack on TLS Postgres and TLS Redis with a private CA', () => {
  let dir: string;
  let ca: TestCa;
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let fake: DevProcessor;
  let stack: Stack;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gh-tls-stack-'));
    ca = makeTestCa(dir, 'private');
    pg = await startPostgres({ tls: { certFile: ca.certFile, keyFile: ca.keyFile } });
    redis = await startRedis({
      tls: { certFile: ca.certFile, keyFile: ca.keyFile, caFile: ca.caFile, authClients: true },
    });
    fake = await startDevProcessor();
    const databaseUrl = `postgres://postgres@localhost:${pg.port}/postgres?sslmode=verify-full&sslrootcert=${ca.caFile}`;
    stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: databaseUrl,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: `rediss://localhost:${redis.port}/0`,
        REDIS_TLS_CA_FILE: ca.caFile,
        REDIS_TLS_CERT_FILE: ca.clientCertFile,
        REDIS_TLS_KEY_FILE: ca.clientKeyFile,
        ...processorEnv(fake, '2s'),
      },
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
    await redis?.stop();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs in and loads a card, every Postgres connection encrypted', async () => {
    const browser = new Browser(stack.url);
    await browser.devLogin('tls-user');
    const headers = { 'content-type': 'application/json', 'x-xsrf-token': await browser.xsrf() };
    const created = await browser.request('POST', '/cards/', { headers, body: JSON.stringify({ name: 'tls' }) });
    expect(created.status).toBe(201);
    const { id } = created.json() as { id: number };
    const loaded = await browser.request('POST', `/cards/${id}/load/`, {
      headers,
      body: JSON.stringify({ nonce: 'fake-valid-nonce', amount: '12.34' }),
    });
    expect(loaded.status).toBe(200);
    expect(loaded.json()).toMatchObject({ status: 'ok' });
    // The gateway is ready: auth (Redis over mutual TLS) and payment (Postgres over TLS) are SERVING.
    expect((await browser.request('GET', '/health/ready')).status).toBe(200);

    const c = new Client({ connectionString: pg.url });
    await c.connect();
    try {
      const { rows } = await c.query<{ application_name: string; ssl: boolean }>(
        `SELECT a.application_name, s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
          WHERE a.application_name LIKE 'gatehouse-%'`,
      );
      expect(rows.map((r) => r.application_name)).toContain('gatehouse-payment');
      expect(rows.every((r) => r.ssl)).toBe(true);
    } finally {
      await c.end();
    }
  }, 60_000);
});
