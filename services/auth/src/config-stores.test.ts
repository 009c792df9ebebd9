import { ConfigError } from '@gatehouse/config';
import { loadAuthConfig } from './config';

// The managed-store settings as the auth service reads them (docs/managed-stores.md).
const BASE = { AUTH_SECRET: 'x'.repeat(40), AUTH_DEV_PROVIDER: 'true' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadAuthConfig({ ...BASE, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('managed Postgres and Redis settings', () => {
  it('reads Sentinel, TLS files and the pool settings', () => {
    const config = loadAuthConfig({
      ...BASE,
      REDIS_URL: 'redis://:data-pw@ignored:1/2',
      REDIS_SENTINELS: '10.0.0.1:26379, sentinel-2:26380',
      REDIS_SENTINEL_NAME: 'gatehouse',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
      DATABASE_URL: 'postgres://db/gatehouse',
      DATABASE_POOL_MAX: '12',
      DATABASE_TRANSACTION_POOLING: 'true',
    });
    expect(config.redis.connection).toEqual({
      url: 'redis://:data-pw@ignored:1/2',
      sentinel: {
        sentinels: [
          { host: '10.0.0.1', port: 26379 },
          { host: 'sentinel-2', port: 26380 },
        ],
        name: 'gatehouse',
        password: 'sentinel-pw',
      },
    });
    expect(config.database).toEqual({ poolMax: 12, transactionPooling: true });
    expect(loadAuthConfig(BASE).database).toEqual({ poolMax: 5, transactionPooling: false });
  });

  it('names each setting that is wrong', () => {
    expect(problemsOf({ REDIS_URL: 'redis://h:1', REDIS_SENTINELS: 'h:26379' })).toContain(
      'REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS (the master name)',
    );
    expect(problemsOf({ REDIS_URL: 'redis://h:1', REDIS_SENTINELS: 'nope', REDIS_SENTINEL_NAME: 'm' })).toContain(
      'REDIS_SENTINELS: "nope" is not host:port',
    );
    expect(problemsOf({ REDIS_URL: 'rediss://h:1', REDIS_TLS_CA_FILE: '/no/such/ca.pem' })).toContain(
      'REDIS_TLS_CA_FILE: /no/such/ca.pem does not exist',
    );
    expect(problemsOf({ REDIS_TLS_CA_FILE: '/no/such/ca.pem' })).toContain(
      'REDIS_URL: is required with REDIS_TLS_* and REDIS_SENTINEL* settings',
    );
    expect(problemsOf({ DATABASE_POOL_MAX: '0' })).toEqual(['DATABASE_POOL_MAX: must be at least 1']);
  });
});

describe('AUTH_MAX_SESSIONS', () => {
  it('caps live sessions per user at 50 unless set; 0 turns the cap off', () => {
    expect(loadAuthConfig(BASE).maxSessionsPerUser).toBe(50);
    expect(loadAuthConfig({ ...BASE, AUTH_MAX_SESSIONS: '5' }).maxSessionsPerUser).toBe(5);
    expect(loadAuthConfig({ ...BASE, AUTH_MAX_SESSIONS: '0' }).maxSessionsPerUser).toBe(0);
  });

  it('refuses what is not a whole number from 0 to 10000, naming the setting', () => {
    expect(problemsOf({ AUTH_MAX_SESSIONS: 'many' })).toEqual(['AUTH_MAX_SESSIONS: must be a whole number']);
    expect(problemsOf({ AUTH_MAX_SESSIONS: '-1' })).toEqual(['AUTH_MAX_SESSIONS: must be 0 (no cap) or more']);
    expect(problemsOf({ AUTH_MAX_SESSIONS: '2.5' })).toEqual(['AUTH_MAX_SESSIONS: must be a whole number']);
  });
});

describe('AUTH_TOTP_KEY', () => {
  const key = 'ab'.repeat(32);

  it('is refused without DATABASE_URL: TOTP users would otherwise get single-factor sessions from this replica', () => {
    expect(problemsOf({ AUTH_TOTP_KEY: key })).toEqual([
      'AUTH_TOTP_KEY: needs DATABASE_URL (TOTP secrets are kept in Postgres; without it this replica could not tell which users must give a code)',
    ]);
    expect(problemsOf({ AUTH_TOTP_KEY: key, DATABASE_URL: 'postgres://db/gatehouse' })).toEqual([]);
  });
});
