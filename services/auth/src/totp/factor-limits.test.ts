// Attempt limits across replicas (issue 31, low 1): two SecondFactor instances, as two auth replicas
// have them, share only Redis (the attempt counters) and Postgres, and 200 wrong codes sent to both at
// once reach the secret at most 5 times between them. The count is what each checker reports of the
// checks it made (the same observer that feeds gatehouse_totp_checks_total).
import { randomBytes } from 'node:crypto';
import { RedisRateLimiter } from '@gatehouse/redis';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { configSecretReader, RecordSeal, TokenService } from '@gatehouse/token';
import { Redis } from 'ioredis';
import { Secret, TOTP } from 'otpauth';
import { createPool, runMigrations } from '../stores/postgres';
import { FactorChecker } from './factor-check';
import { RedisPendingLogins } from './pending';
import { SecondFactor } from './second-factor';
import { SecretBox } from './secret-box';
import { PgTotpStore } from './store';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `gh-test:factor-limits:${randomBytes(4).toString('hex')}:`;
const key = randomBytes(32);
const pendingSeal = new RecordSeal(randomBytes(32));
const tokens = new TokenService({
  issuer: 'gatehouse',
  tokenDurationMs: 15 * 60_000,
  cookieDurationMs: 86_400_000,
  audiences: [],
  secrets: configSecretReader('s'.repeat(32), {}),
  amrFor: () => ['fed'],
});
let checks = 0;
let reads = 0;

/** The real store, counting its reads of a user's record: an attempt past the limit should make none. */
class CountedStore extends PgTotpStore {
  override async find(userId: string) {
    reads += 1;
    return super.find(userId);
  }
}

/** One replica's second factor: its own objects, only Redis and Postgres in common with the others. */
function replica(): SecondFactor {
  const store = new CountedStore(pool);
  const box = new SecretBox(key);
  const limiter = new RedisRateLimiter(redis, prefix);
  return new SecondFactor({
    store,
    box,
    checker: new FactorChecker(store, box, limiter, Date.now, () => {
      checks += 1;
    }),
    pending: new RedisPendingLogins(redis, prefix),
    pendingSeal,
    limiter,
    tokens,
    issuer: 'Gatehouse',
  });
}

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await pool?.end();
  await db?.drop();
});

it('200 wrong codes at once, half to each of two replicas, check at most 5', async () => {
  const [one, two] = [replica(), replica()];
  const user = { id: 'dev_limits', name: 'limits', picture: '' };
  const { secret } = await one.setup(user);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const done = await one.activate(user.id, totp.generate({ timestamp: Date.now() - 30_000 }));
  expect('recoveryCodes' in done).toBe(true);
  const session = await tokens.issueSession({ user, aud: 'gatehouse', provider: 'dev', sessionOnly: false });
  const held = await one.hold(session, '');
  if (!('pending' in held)) throw new Error('not held');
  const right = new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 })));
  const wrong = (i: number) => {
    let code = String(100_000 + i);
    while (right.has(code)) code = String(Number(code) + 500);
    return code;
  };
  checks = 0;
  reads = 0;
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      (i % 2 === 0 ? one : two).verify(held.pending.id, { code: wrong(i) }).then(
        (r) => ('limited' in r ? 'limited' : 'session'),
        () => 'wrong',
      ),
    ),
  );
  expect(checks).toBeLessThanOrEqual(5);
  expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(checks);
  expect(outcomes.filter((o) => o === 'limited')).toHaveLength(200 - checks);
  // Counted first, read after: the attempts past the limit never reached Postgres (a flood of them
  // had queued for the pool, and past the gateway's deadline).
  expect(reads).toBe(checks);
});

it('the same for turning TOTP off, new recovery codes and a first activation: Redis first, Postgres for at most 5', async () => {
  const [one, two] = [replica(), replica()];
  const user = { id: 'dev_limits_off', name: 'limits-off', picture: '' };
  const { secret } = await one.setup(user);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const right = new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 })));
  const wrong = (i: number) => {
    let code = String(200_000 + i);
    while (right.has(code)) code = String(Number(code) + 500);
    return code;
  };
  const burst = async (attempt: (f: SecondFactor, i: number) => Promise<unknown>) => {
    checks = 0;
    reads = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attempt(i % 2 === 0 ? one : two, i).then(
          (r) => (r && typeof r === 'object' && 'limited' in r ? 'limited' : 'done'),
          () => 'wrong',
        ),
      ),
    );
    await redis.del(`${prefix}limit:totp:user:${user.id}`);
    return { outcomes, checks, reads };
  };
  const activations = await burst((f, i) => f.activate(user.id, wrong(i)));
  expect(activations.checks).toBeLessThanOrEqual(5);
  expect(activations.outcomes.filter((o) => o === 'wrong')).toHaveLength(activations.checks);
  expect(activations.reads).toBe(activations.checks);
  expect('recoveryCodes' in (await one.activate(user.id, totp.generate({ timestamp: Date.now() - 30_000 })))).toBe(
    true,
  );
  for (const attempt of [
    (f: SecondFactor, i: number) => f.disable(user.id, { code: wrong(i) }),
    (f: SecondFactor, i: number) =>
      f.regenerateRecoveryCodes(user.id, { recoveryCode: `zzzz-zzzz-${String(i).padStart(4, '0')}` }),
  ]) {
    const got = await burst(attempt);
    expect(got.checks).toBeLessThanOrEqual(5);
    expect(got.outcomes.filter((o) => o === 'wrong')).toHaveLength(got.checks);
    expect(got.outcomes.filter((o) => o === 'limited')).toHaveLength(200 - got.checks);
    expect(got.reads).toBe(got.checks);
  }
});
