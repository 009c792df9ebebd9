// The second factor's domain against a fresh Postgres database (migrated as the auth service does),
// with the in-process limiter and pending store (the Redis ones are the integration test's).
import { randomBytes } from 'node:crypto';
import { MemoryRateLimiter } from '@gatehouse/redis';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { configSecretReader, RecordSeal, TokenService } from '@gatehouse/token';
import { Secret, TOTP } from 'otpauth';
import { createPool, runMigrations } from '../stores/postgres';
import { FactorChecker } from './factor-check';
import { MemoryPendingLogins } from './pending';
import { SecondFactor } from './second-factor';
import { SecretBox } from './secret-box';
import { PgTotpStore } from './store';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let now = 1_700_000_000_000;
const clock = () => now;
const tokens = new TokenService({
  issuer: 'gatehouse',
  tokenDurationMs: 15 * 60_000,
  cookieDurationMs: 86_400_000,
  audiences: [],
  secrets: configSecretReader('s'.repeat(32), {}),
  amrFor: () => ['fed'],
  now: clock,
});

const pendingSeal = new RecordSeal(randomBytes(32));

function make(key = randomBytes(32), previous: Buffer[] = []) {
  const store = new PgTotpStore(pool);
  const box = new SecretBox(key, previous);
  const limiter = new MemoryRateLimiter(clock);
  const totp = new SecondFactor({
    store,
    box,
    checker: new FactorChecker(store, box, limiter, clock),
    pending: new MemoryPendingLogins(clock),
    pendingSeal,
    limiter,
    tokens,
    issuer: 'Gatehouse',
    now: clock,
  });
  return { totp, store };
}

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
const user = (id: string) => ({ id, name: id, picture: '' });

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

async function activated(id: string, t = make().totp) {
  const { secret } = await t.setup(user(id));
  const done = await t.activate(id, codeAt(secret, now));
  if ('limited' in done) throw new Error('limited');
  now += 30_000;
  return { secret, recoveryCodes: done.recoveryCodes };
}

describe('TOTP second factor', () => {
  it('sets up, refuses a wrong first code without changing anything, activates with a right one', async () => {
    const { totp, store } = make();
    const { secret, uri } = await totp.setup(user('dev_a'));
    expect(uri).toContain(`secret=${secret}`);
    expect(await totp.status('dev_a')).toEqual({ active: false, recoveryCodesLeft: 0 });
    await expect(totp.activate('dev_a', '000000')).rejects.toThrow('the code is wrong or was already used');
    expect(await store.isActive('dev_a')).toBe(false);
    const done = await totp.activate('dev_a', codeAt(secret, now));
    expect('recoveryCodes' in done && done.recoveryCodes).toHaveLength(10);
    expect(await totp.status('dev_a')).toEqual({ active: true, recoveryCodesLeft: 10 });
    await expect(totp.setup(user('dev_a'))).rejects.toThrow(/already on/);
    // The secret is stored sealed, never in the clear.
    const row = await pool.query('SELECT sealed_secret FROM totp_secrets WHERE user_id = $1', ['dev_a']);
    expect(row.rows[0].sealed_secret.toString('latin1')).not.toContain(secret);
  });

  it('holds a login back for a user with TOTP on and completes it once with a code', async () => {
    const { totp } = make();
    const { secret } = await activated('dev_b', totp);
    const first = await tokens.issueSession({
      user: user('dev_b'),
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    const held = await totp.hold(first, 'http://x/after');
    if (!('pending' in held)) throw new Error('not held');
    expect(held.pending.maxAgeSeconds).toBe(300);
    const code = codeAt(secret, now);
    const done = await totp.verify(held.pending.id, { code });
    if (!('session' in done)) throw new Error('limited');
    expect(done.redirectUrl).toBe('http://x/after');
    expect(done.session.claims.amr).toEqual(['fed', 'otp', 'mfa']);
    expect(done.session.claims.user?.id).toBe('dev_b');
    // Single use: the pending login is gone, and the code cannot serve a second login either.
    await expect(totp.verify(held.pending.id, { code })).rejects.toThrow(/no login is waiting/);
    const again = await totp.hold(first, '');
    if (!('pending' in again)) throw new Error('not held');
    await expect(totp.verify(again.pending.id, { code })).rejects.toThrow(/wrong or was already used/);
    // Nor an older one (the previous step, within the drift window).
    await expect(totp.verify(again.pending.id, { code: codeAt(secret, now - 30_000) })).rejects.toThrow(/wrong/);
    // A user without TOTP gets the session as it was.
    const other = await tokens.issueSession({
      user: user('dev_none'),
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    expect(await totp.hold(other, '')).toEqual({ session: other });
  });

  it('takes each recovery code once', async () => {
    const { totp } = make();
    const { recoveryCodes } = await activated('dev_c', totp);
    const session = await tokens.issueSession({
      user: user('dev_c'),
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    const one = await totp.hold(session, '');
    const two = await totp.hold(session, '');
    if (!('pending' in one) || !('pending' in two)) throw new Error('not held');
    const code = (recoveryCodes[3] as string).toUpperCase();
    expect('session' in (await totp.verify(one.pending.id, { recoveryCode: code }))).toBe(true);
    await expect(totp.verify(two.pending.id, { recoveryCode: code })).rejects.toThrow(/wrong/);
    expect((await totp.status('dev_c')).recoveryCodesLeft).toBe(9);
  });

  it('answers Limited after 5 wrong codes for the pending login and the user', async () => {
    const { totp } = make();
    const { secret } = await activated('dev_d', totp);
    const session = await tokens.issueSession({
      user: user('dev_d'),
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    const held = await totp.hold(session, '');
    if (!('pending' in held)) throw new Error('not held');
    for (let i = 0; i < 5; i++) await expect(totp.verify(held.pending.id, { code: '000000' })).rejects.toThrow(/wrong/);
    const limited = await totp.verify(held.pending.id, { code: codeAt(secret, now) });
    expect(limited).toMatchObject({ limited: true });
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
    // A new pending login of the same user is limited too (per user), until the window ends.
    const fresh = await totp.hold(session, '');
    if (!('pending' in fresh)) throw new Error('not held');
    expect(await totp.verify(fresh.pending.id, { code: codeAt(secret, now) })).toMatchObject({ limited: true });
    // After the window (the pending logins have expired by then) a new login passes.
    now += 15 * 60_000 + 1000;
    await expect(totp.verify(fresh.pending.id, { code: codeAt(secret, now) })).rejects.toThrow(/no login is waiting/);
    const later = await totp.hold(session, '');
    if (!('pending' in later)) throw new Error('not held');
    expect('session' in (await totp.verify(later.pending.id, { code: codeAt(secret, now) }))).toBe(true);
  });

  it('refuses input that cannot be a factor, and turns off with a current code', async () => {
    const { totp, store } = make();
    const { secret } = await activated('dev_e', totp);
    await expect(totp.disable('dev_e', {})).rejects.toThrow(/either code or recovery_code/);
    await expect(totp.disable('dev_e', { code: '1'.repeat(65) })).rejects.toThrow(/too long/);
    await expect(totp.disable('dev_e', { code: '123456' })).rejects.toThrow(/wrong/);
    expect(await totp.disable('dev_e', { code: codeAt(secret, now) })).toBeUndefined();
    expect(await store.find('dev_e')).toBeUndefined();
    await expect(totp.disable('dev_e', { code: codeAt(secret, now) })).rejects.toThrow(/not on/);
  });

  it('replaces every recovery code for a code; once TOTP is off elsewhere it stores none', async () => {
    const { totp, store } = make();
    const { secret, recoveryCodes } = await activated('dev_r', totp);
    const renewed = await totp.regenerateRecoveryCodes('dev_r', { code: codeAt(secret, now) });
    if ('limited' in renewed) throw new Error('limited');
    expect(new Set(renewed.recoveryCodes).size).toBe(10);
    expect(await totp.status('dev_r')).toEqual({ active: true, recoveryCodesLeft: 10 });
    // An earlier code no longer works; a new one does, and is used up.
    await expect(totp.disable('dev_r', { recoveryCode: recoveryCodes[0] })).rejects.toThrow(/wrong/);
    now += 30_000;
    const again = await totp.regenerateRecoveryCodes('dev_r', { recoveryCode: renewed.recoveryCodes[0] });
    if ('limited' in again) throw new Error('limited');
    await expect(totp.disable('dev_r', { recoveryCode: renewed.recoveryCodes[1] })).rejects.toThrow(/wrong/);
    // Turned off on another device between the check and the write: nothing is stored.
    expect(await store.remove('dev_r')).toBe(true);
    expect(await store.replaceRecoveryCodes('dev_r', [randomBytes(32)])).toBe(false);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = 'dev_r'");
    expect(rows[0].n).toBe(0);
    await expect(totp.regenerateRecoveryCodes('dev_r', { code: codeAt(secret, now) })).rejects.toThrow(/not on/);
  });

  it('opens secrets sealed with a retired key and seals them again with the current one on use', async () => {
    const oldKey = randomBytes(32);
    const { secret } = await activated('dev_f', make(oldKey).totp);
    const { totp, store } = make(randomBytes(32), [oldKey]);
    const before = (await store.find('dev_f'))?.sealed.keyId;
    const session = await tokens.issueSession({
      user: user('dev_f'),
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    const held = await totp.hold(session, '');
    if (!('pending' in held)) throw new Error('not held');
    expect('session' in (await totp.verify(held.pending.id, { code: codeAt(secret, now) }))).toBe(true);
    expect((await store.find('dev_f'))?.sealed.keyId).not.toBe(before);
    // Without the old key a code cannot be checked; the message points at the recovery codes.
    const rotatedAway = make(randomBytes(32)).totp;
    const held2 = await rotatedAway.hold(session, '');
    if (!('pending' in held2)) throw new Error('not held');
    await expect(rotatedAway.verify(held2.pending.id, { code: codeAt(secret, now + 30_000) })).rejects.toThrow(
      /recovery code/,
    );
  });
});
