// The user directory against a fresh Postgres database, through a real TokenService and Sessions: every
// session signed passes through Directory.resolve, as in the running service.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { configSecretReader, TokenService } from '@gatehouse/token';
import { Sessions } from '../sessions/sessions';
import { createPool, runMigrations } from '../stores/postgres';
import { MemoryRevocations } from '../stores/revocations';
import { Directory } from './directory';
import { PgDirectoryStore } from './store';

const MINUTE = 60_000;
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgDirectoryStore;
const notices: { address: string; text: string }[] = [];
let directory: Directory;
const log = createLogger({ name: 'test', level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_dir');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgDirectoryStore(pool);
  directory = new Directory({
    store,
    linkByEmail: ['corp'],
    providerAllowed: (name) => name !== 'gone',
    notify: async (address, text) => {
      notices.push({ address, text });
    },
    log,
  });
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** `now` in the past makes a session logged in before the directory was made (a token older than it). */
function tokens(withDirectory: boolean, now?: () => number, through: () => Directory = () => directory): TokenService {
  return new TokenService({
    now,
    issuer: 'test',
    tokenDurationMs: 15 * MINUTE,
    cookieDurationMs: 24 * 60 * MINUTE,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
    resolveUser: withDirectory ? (claims, subject) => through().resolve(claims, subject) : undefined,
  });
}

const login = (t: TokenService, id: string, provider = 'dev', extra: Record<string, unknown> = {}) =>
  t.issueSession({ user: { name: id, id, picture: '' }, aud: 'x', provider, sessionOnly: false, ...extra });

async function counts(): Promise<{ users: number; identities: number }> {
  const { rows } = await pool.query(
    'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM identities)::int AS identities',
  );
  return rows[0];
}

async function known(userId: string): Promise<boolean> {
  return (await pool.query('SELECT 1 FROM users WHERE id = $1', [userId])).rowCount === 1;
}

async function block(userId: string): Promise<void> {
  await pool.query("UPDATE users SET status = 'blocked', block_reason = 'test' WHERE id = $1", [userId]);
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof AppError ? `${err.kind}: ${err.message}` : String(err)),
  );

describe('the directory at login and refresh', () => {
  it('adds a user and an identity at the first login, nothing at the second, and leaves the claims as they were', async () => {
    const before = await counts();
    const plain = await login(tokens(false), 'dev_alice');
    const first = await login(tokens(true), 'dev_alice');
    const { jti: _a, iat: _b, exp: _c, auth_time: _d, ...withDir } = first.claims;
    const { jti: _e, iat: _f, exp: _g, auth_time: _h, ...withoutDir } = plain.claims;
    expect(withDir).toEqual(withoutDir);
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
    const [identity] = await store.identities('dev_alice');
    expect(identity).toMatchObject({ id: 'dev_alice', userId: 'dev_alice', provider: 'dev' });

    await login(tokens(true), 'dev_alice');
    expect(await counts()).toEqual({ users: before.users + 1, identities: before.identities + 1 });
    expect((await store.identities('dev_alice'))[0]?.lastLoginAt).not.toBeNull();
  });

  it('adds a user known only from an older token at its refresh', async () => {
    const before = () => Date.now() - 5 * MINUTE;
    const old = await login(tokens(false, before), 'github_0123456789abcdef0123456789abcdef01234567', 'github');
    const sessions = new Sessions(tokens(true), new MemoryRevocations());
    const refreshed = await sessions.refresh(old.token);
    expect(refreshed.claims.user?.id).toBe(old.claims.user?.id);
    expect(await store.identities('github_0123456789abcdef0123456789abcdef01234567')).toEqual([
      expect.objectContaining({ provider: 'github' }),
    ]);
  });

  it('refuses every login and refresh of a blocked user, passkey logins included', async () => {
    const t = tokens(true);
    const session = await login(t, 'dev_mallory');
    // Signed before the directory was made: it never passed through it.
    const older = await login(
      tokens(false, () => Date.now() - 5 * MINUTE),
      'dev_mallory',
    );
    await block('dev_mallory');
    expect(await refusal(login(t, 'dev_mallory'))).toBe('permission_denied: user blocked');
    const passkey = login(t, 'dev_mallory', 'passkey', { subject: { kind: 'user' } });
    expect(await refusal(passkey)).toBe('permission_denied: user blocked');
    // A session from before the directory: the refresh reads the user's status.
    const revocations = new MemoryRevocations();
    expect(await refusal(new Sessions(t, revocations).refresh(older.token))).toBe('permission_denied: user blocked');
    // A session logged in since: the refresh reads nothing; the block ends the session (as AdminService's
    // block does, through the revocations every refresh checks), and that refuses it.
    await revocations.revoke(session.claims.jti as string, 15 * MINUTE, Date.now() + 15 * MINUTE);
    expect(await refusal(new Sessions(t, revocations).refresh(session.token))).toMatch(/session ended/);
  });

  it('reads nothing at the refresh of a session logged in since the directory was made', async () => {
    const t = tokens(true);
    const session = await login(t, 'dev_quiet');
    // Its row gone (as if never there): a refresh that read the directory would add it again.
    await pool.query("DELETE FROM identities WHERE user_id = 'dev_quiet'");
    await pool.query("DELETE FROM users WHERE id = 'dev_quiet'");
    const refreshed = await new Sessions(t, new MemoryRevocations()).refresh(session.token);
    expect(refreshed.claims.user?.id).toBe('dev_quiet');
    expect(await store.identities('dev_quiet')).toEqual([]);
  });

  it('reads nothing at the refresh of a session whose login this replica saw, in the minute after the directory was made too', async () => {
    // The directory made a moment ago: sessions since then are not yet "since the directory" by the clock.
    const { rows } = await pool.query("SELECT applied_at FROM auth_migrations WHERE name = '003_directory.sql'");
    await pool.query("UPDATE auth_migrations SET applied_at = now() WHERE name = '003_directory.sql'");
    try {
      const replica = new Directory({ store, linkByEmail: [], providerAllowed: () => true, log });
      const t = tokens(true, undefined, () => replica);
      const older = await login(
        tokens(false, () => Date.now() - 5 * MINUTE),
        'dev_newcomer',
      );
      const session = await login(t, 'dev_newcomer');
      const gone = async () => {
        await pool.query("DELETE FROM identities WHERE user_id = 'dev_newcomer'");
        await pool.query("DELETE FROM users WHERE id = 'dev_newcomer'");
      };
      await gone();
      const sessions = new Sessions(t, new MemoryRevocations());
      expect((await sessions.refresh(session.token)).claims.user?.id).toBe('dev_newcomer');
      expect(await known('dev_newcomer')).toBe(false);
      // A session from before that login still reads the directory (and adds the user it finds missing).
      await sessions.refresh(older.token);
      expect(await known('dev_newcomer')).toBe(true);
      // Another replica has seen no login of the user: it reads the status at the refresh.
      await gone();
      const other = new Directory({ store, linkByEmail: [], providerAllowed: () => true, log });
      await new Sessions(
        tokens(true, undefined, () => other),
        new MemoryRevocations(),
      ).refresh(session.token);
      expect(await known('dev_newcomer')).toBe(true);
    } finally {
      await pool.query("UPDATE auth_migrations SET applied_at = $1 WHERE name = '003_directory.sql'", [
        rows[0].applied_at,
      ]);
    }
  });
});

describe("a login's second factor", () => {
  it('is read in the login statement and handed to the check once, for the user it was read for', async () => {
    const t = tokens(true);
    await login(t, 'dev_otp'); // the user exists before TOTP can be set up
    await pool.query(
      "INSERT INTO totp_secrets (user_id, sealed_secret, key_id, active) VALUES ('dev_otp', 'x', 'k', true)",
    );
    const on = await login(t, 'dev_otp');
    const off = await login(t, 'dev_nootp');
    expect(directory.secondFactorAtLogin(off.jti, 'dev_nootp')).toBe(false);
    // Another user's id (a claims hook changed it) is no answer: the check asks the store.
    expect(directory.secondFactorAtLogin(on.jti, 'dev_someone_else')).toBeUndefined();
    const again = await login(t, 'dev_otp');
    expect(directory.secondFactorAtLogin(again.jti, 'dev_otp')).toBe(true);
    expect(directory.secondFactorAtLogin(again.jti, 'dev_otp')).toBeUndefined();
    // A refresh is no login: nothing is handed over.
    const refreshed = await new Sessions(t, new MemoryRevocations()).refresh(again.token);
    expect(directory.secondFactorAtLogin(refreshed.jti, 'dev_otp')).toBeUndefined();
  });
});

describe('linking', () => {
  it("gives a linked identity's login the user's id, keeps its provider, and refuses an identity in use", async () => {
    const t = tokens(true);
    await login(t, 'dev_carol');
    await directory.link('dev_carol', { id: 'other_carol', provider: 'other', name: 'carol' });
    // Twice is no error, and a second identity of the same provider may be linked.
    await directory.link('dev_carol', { id: 'other_carol', provider: 'other', name: 'carol' });
    await directory.link('dev_carol', { id: 'other_carol2', provider: 'other', name: 'carol 2' });
    const viaLinked = await login(t, 'other_carol', 'other');
    expect(viaLinked.claims.user?.id).toBe('dev_carol');
    expect(viaLinked.claims.auth_provider).toEqual({ name: 'other' });

    await login(t, 'dev_dave');
    const before = await counts();
    expect(await refusal(directory.link('dev_dave', { id: 'other_carol', provider: 'other', name: 'x' }))).toBe(
      'already_exists: identity in use',
    );
    // Dave's own first identity is Dave's user id: nobody can link it.
    expect(await refusal(directory.link('dev_carol', { id: 'dev_dave', provider: 'dev', name: 'x' }))).toBe(
      'already_exists: identity in use',
    );
    expect(await counts()).toEqual(before);
    expect((await directory.identities('dev_carol', 'other')).map((i) => [i.id, i.current])).toEqual([
      ['dev_carol', false],
      ['other_carol', true],
      ['other_carol2', false],
    ]);
  });

  it('unlinks while another way in remains, never the last one (switched-off providers do not count)', async () => {
    await login(tokens(true), 'dev_erin');
    await directory.link('dev_erin', { id: 'gone_erin', provider: 'gone', name: 'erin' });
    expect(await refusal(directory.unlink('dev_erin', 'dev_erin'))).toBe('failed_precondition: last login method');
    await directory.link('dev_erin', { id: 'other_erin', provider: 'other', name: 'erin' });
    await directory.unlink('dev_erin', 'dev_erin');
    expect(await refusal(directory.unlink('dev_erin', 'other_erin'))).toBe('failed_precondition: last login method');
    // A passkey is a way in.
    await pool.query(
      "INSERT INTO passkey_credentials (id, user_id, user_json, public_key) VALUES ('pk-erin', 'dev_erin', '{}', '\\x01')",
    );
    await directory.unlink('dev_erin', 'other_erin');
    expect(await refusal(directory.unlink('dev_erin', 'nope'))).toBe('not_found: identity not found');
    // The unlinked first identity no longer leads to the user (its id is the user's): refused, not re-attached.
    expect(await refusal(login(tokens(true), 'dev_erin'))).toBe('already_exists: identity in use');
  });

  it('links by email only for a trusted provider asserting email_verified === true, to a verified email', async () => {
    const t = tokens(true);
    const corp = (id: string, email: string, emailVerified: unknown) =>
      login(t, id, 'corp', { subject: { kind: 'identity', email, emailVerified } });
    const first = await corp('corp_frank', 'frank@example.com', true);
    expect(first.claims.user?.id).toBe('corp_frank');
    // Same address, but the provider is not trusted, or says "true" as a string: a user of its own.
    expect(
      (
        await login(t, 'dev_frank', 'dev', {
          subject: { kind: 'identity', email: 'frank@example.com', emailVerified: true },
        })
      ).claims.user?.id,
    ).toBe('dev_frank');
    expect((await corp('corp_frank2', 'frank@example.com', 'true')).claims.user?.id).toBe('corp_frank2');
    notices.length = 0;
    const linked = await corp('corp_frank3', 'Frank@Example.com', true);
    expect(linked.claims.user?.id).toBe('corp_frank');
    // The notice goes out after the login, never holding it up.
    for (let i = 0; i < 100 && notices.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(notices).toEqual([expect.objectContaining({ address: 'frank@example.com' })]);

    // A link and an unlink the user makes are told too; a user without a verified email hears nothing.
    notices.length = 0;
    await directory.link('corp_frank', { id: 'other_frank', provider: 'other', name: 'frank' });
    await directory.unlink('corp_frank', 'other_frank');
    expect(notices.map((n) => [n.address, n.text])).toEqual([
      ['frank@example.com', expect.stringMatching(/^Your other login "frank" was linked to your account\./)],
      ['frank@example.com', expect.stringMatching(/^The login other_frank was unlinked from your account\. /)],
    ]);
    // Only a verified address is told: corp_frank2's provider said "true" as a string.
    notices.length = 0;
    await directory.link('corp_frank2', { id: 'other_frank', provider: 'other', name: 'frank' });
    expect(notices).toEqual([]);
  });
});

describe('user.updated', () => {
  // By time: ids made in the same millisecond by separate statements need not sort in their order.
  const trail = async (userId: string) =>
    (
      await pool.query(
        `SELECT e.type, e.actor_id, e.subject_user, e.data, o.event_id IS NOT NULL AS outboxed
           FROM events.events e LEFT JOIN events.outbox o ON o.event_id = e.id
          WHERE e.subject_user = $1 ORDER BY e.time, e.id`,
        [userId],
      )
    ).rows;
  const identity = (id: string, name: string, email: string | undefined, emailVerified: boolean) => ({
    id,
    provider: 'github',
    name,
    email,
    emailVerified,
    linkByEmail: false,
    trustedProviders: [],
  });

  it('is written with a login that changes the name, email or its verification: the field names, never the values', async () => {
    const id = 'github_updated_0001';
    await store.login(identity(id, 'una', 'una@example.com', false));
    await store.login(identity(id, 'una', 'una@example.com', false));
    await store.login(identity(id, 'Una Smith', 'una@example.com', false));
    await store.login(identity(id, 'Una Smith', 'una.smith@example.com', true));
    await store.login(identity(id, 'Una Smith', 'una.smith@example.com', true));
    const events = await trail(id);
    expect(events.map((e) => [e.type, e.actor_id, e.data, e.outboxed])).toEqual([
      ['user.created', id, { provider: 'github' }, true],
      ['user.updated', id, { fields: ['name'], provider: 'github' }, true],
      ['user.updated', id, { fields: ['email', 'email_verified'], provider: 'github' }, true],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/una@|smith|Una/);
    const { rows } = await pool.query('SELECT name, email, email_verified FROM identities WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: 'Una Smith', email: 'una.smith@example.com', email_verified: true }]);
  });

  it('is written once when the provider stops giving an email, not again while nothing changes', async () => {
    const id = 'github_updated_0002';
    await store.login(identity(id, 'vic', 'vic@example.com', true));
    await store.login(identity(id, 'vic', undefined, false));
    await store.login(identity(id, 'vic', undefined, false));
    expect((await trail(id)).map((e) => [e.type, e.data])).toEqual([
      ['user.created', { provider: 'github' }],
      ['user.updated', { fields: ['email', 'email_verified'], provider: 'github' }],
    ]);
  });
});
