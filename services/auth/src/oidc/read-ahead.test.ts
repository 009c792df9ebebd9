// Reading ahead (read-ahead.ts) against real Postgres: within one request to the provider (oidc-provider's
// per-request context, entered here as the library enters it), a token's lookup reads its grant and user
// in its one statement, and the grant's and the account's lookups that follow take them without a
// statement, once each; outside a request, or for another request, every lookup reads Postgres. What they
// answer is what the lookups one by one answer, a blocked user included.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import als from 'oidc-provider/lib/helpers/als.js';
import type { QueryConfig } from 'pg';
import { createPool, runMigrations } from '../stores/postgres';
import { OidcAccounts } from './accounts';
import { postgresAdapter } from './adapter';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
/** The statements sent since the test began (pg's own query, counted: the library, not our code). */
let sent: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_ahead');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: QueryConfig | string, ...rest: unknown[]) => {
    sent.push(typeof config === 'string' ? config : (config.name ?? config.text));
    return query(config, ...rest);
  };
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const Adapter = () => postgresAdapter(pool);
const accounts = () => new OidcAccounts({ pool, baseUrl: 'http://gatehouse.test', avatarRoutePath: '/avatar' });

/** A user with a grant and a refresh token of it; answers their ids. */
async function family(status = 'active') {
  const userId = `dev_${randomBytes(6).toString('hex')}`;
  await pool.query('INSERT INTO users (id, name, email, email_verified_by, status) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    'Ada',
    'ada@example.org',
    'dev',
    status,
  ]);
  const A = Adapter();
  const grantId = randomBytes(8).toString('hex');
  const tokenId = randomBytes(8).toString('hex');
  await new A('Grant').upsert(grantId, { accountId: userId, clientId: 'app', openid: { scope: 'openid' } }, 600);
  await new A('RefreshToken').upsert(tokenId, { grantId, accountId: userId, clientId: 'app' }, 600);
  return { userId, grantId, tokenId };
}

/** The lookups a refresh grant makes, in order: the token, its grant, its account. */
async function lookups(ids: { userId: string; grantId: string; tokenId: string }) {
  const A = Adapter();
  const token = await new A('RefreshToken').find(ids.tokenId);
  const grant = await new A('Grant').find(ids.grantId);
  const account = await accounts().find(ids.userId);
  return { token, grant, account };
}

const inRequest = <T>(run: () => Promise<T>) => als.run({}, run) as Promise<T>;

beforeEach(() => {
  sent = [];
});

it('reads the token, its grant and its user in one statement within a request, answering as one by one', async () => {
  const ids = await family();
  sent = [];
  const oneByOne = await lookups(ids);
  expect(sent).toEqual(['oidc-find-ahead', 'oidc-find', 'oidc-account']);
  sent = [];
  const ahead = await inRequest(() => lookups(ids));
  expect(sent).toEqual(['oidc-find-ahead']);
  expect(ahead).toEqual(oneByOne);
  expect(ahead.grant).toMatchObject({ accountId: ids.userId, clientId: 'app' });
  expect(ahead.account).toMatchObject({ sub: ids.userId, email: 'ada@example.org', emailVerified: true });
});

it('gives what it read once: a second lookup in the same request reads Postgres again', async () => {
  const ids = await family();
  sent = [];
  await inRequest(async () => {
    await lookups(ids);
    const A = Adapter();
    expect(await new A('Grant').find(ids.grantId)).toMatchObject({ accountId: ids.userId });
    expect(await accounts().find(ids.userId)).toMatchObject({ sub: ids.userId });
  });
  expect(sent).toEqual(['oidc-find-ahead', 'oidc-find', 'oidc-account']);
});

it('keeps nothing for another request', async () => {
  const ids = await family();
  sent = [];
  await inRequest(() => new (Adapter())('RefreshToken').find(ids.tokenId));
  await inRequest(async () => {
    await new (Adapter())('Grant').find(ids.grantId);
    await accounts().find(ids.userId);
  });
  expect(sent).toEqual(['oidc-find-ahead', 'oidc-find', 'oidc-account']);
});

it('refuses a blocked user from what it read, and a revoked grant is no grant', async () => {
  const blocked = await family('blocked');
  expect((await inRequest(() => lookups(blocked))).account).toBeUndefined();
  const revoked = await family();
  await pool.query("DELETE FROM oidc_payloads WHERE model = 'Grant' AND id = $1", [revoked.grantId]);
  sent = [];
  const found = await inRequest(() => lookups(revoked));
  expect(found.token).toMatchObject({ grantId: revoked.grantId });
  expect(found.grant).toBeUndefined();
  expect(found.account).toMatchObject({ sub: revoked.userId });
  expect(sent).toEqual(['oidc-find-ahead']);
});
