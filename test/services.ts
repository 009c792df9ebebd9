import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function dockerEngineAvailable(): boolean {
  return existsSync('/var/run/docker.sock') || Boolean(process.env.DOCKER_HOST);
}

/** Makes TEST_DATABASE_URL and TEST_REDIS_URL point at servers that answer, or stops the run. */
export async function ensureTestServices(): Promise<void> {
  const dbUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
  const [dbOk, redisOk] = await Promise.all([postgresAnswers(dbUrl), redisAnswers(redisUrl)]);
  process.env.TEST_DATABASE_URL = dbUrl;
  process.env.TEST_REDIS_URL = redisUrl;
  if (dbOk && redisOk) return;

  if (dockerEngineAvailable()) {
    const { GenericContainer } = await import('testcontainers');
    if (!dbOk) {
      const pg = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .start();
      process.env.TEST_DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
    }
    if (!redisOk) {
      const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      process.env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
    }
    return;
  }
  const missing = [!dbOk && `Postgres at ${dbUrl}`, !redisOk && `Redis at ${redisUrl}`].filter(Boolean).join(' and ');
  throw new Error(
    `Tests need ${missing}: start them (or set TEST_DATABASE_URL / TEST_REDIS_URL), or run a Docker engine so testcontainers can.`,
  );
}
