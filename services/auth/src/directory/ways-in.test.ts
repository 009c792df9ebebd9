// A user's ways in after security round 4 (issue 43), against a fresh Postgres database, through a real
// TokenService, Sessions and the session list: linking by email follows the identities as they are now,
// a change of the ways in ends sessions and is told at every verified address, a refresh of a session
// the list never knew reads the user's status, and the last way in stays when an unlink and a passkey
// removal race.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { until } from '@gatehouse/test-kit/until';
import { configSecretReader, type Issued, TokenService } from '@gatehouse/token';
import { DeviceSessions } from '../sessions/device-sessions';
import { Sessions } from '../sessions/sessions';
import { PgPasskeyStore } from '../stores/passkeys';
import { createPool, runMigrations } from '../stores/postgres';
import { MemoryRevocations } from '../stores/revocations';
import { MemorySessionRegistry } from '../stores/session-registry';
import { Directory } from './directory';
import { PgDirectoryStore } from './store';

const MINUTE = 60_000;
const log = createLogger({ name: 'test', level: 'silent' });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgDirectoryStore;
let notices: { address: string; text: string }[];
let directory: Directory;
let tokens: TokenService;
let devices: DeviceSessions;
let sessions: Sessions;
let revocations: MemoryRevocations;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_ways');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgDirectoryStore(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

beforeEach(() => {
  notices = [];
  revocations = new MemoryRevocations();
  directory = new Directory({
    store,
    linkByEmail: ['corp'],
    providerAllowed: (name) => name !== 'gone',
    notify: async (address, text) => {
      notices.push({ address, text });
    },
    sessions: () => devices,
    log,
  });
  tokens = new TokenService({
    issuer: 'test',
    tokenDurationMs: 15 * MINUTE,
    cookieDurationMs: 24 * 60 * MINUTE,
    audiences: [],
    secrets: configSecretReader('s'.repeat(40), {}),
    resolveUser: (claims, subject) => directory.resolve(claims, subject),
  });
  devices = new DeviceSessions({
    registry: new MemorySessionRegistry(),
    revocations,
    sessions: { endJti: (jti, endMs) => sessions.endJti(jti, endMs) },
    tokens,
    log,
  });
  sessions = new Sessions(tokens, revocations, Date.now, devices);
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof AppError ? `${err.kind}: ${err.message}` : String(err)),
  );

/** A login through `provider` as `id`, asserting `email` (verified or not), listed as the gateway lists it. */
async function login(id: string, provider: string, email?: string, emailVerified = true): Promise<Issued> {
  const issued = await tokens.issueSession({
    user: { name: id, id, picture: '' },
    aud: 'x',
    provider,
    sessionOnly: false,
    subject: { kind: 'identity', email, emailVerified },
  });
  await devices.issued(issued, { ip: '192.0.2.1', userAgent: 'test' });
  return issued;
}

const userOf = (issued: Issued) => issued.claims.user?.id;
const refreshes = async (issued: Issued) => refusal(sessions.refresh(issued.token));

describe('linking by email (AUTH_LINK_BY_EMAIL)', () => {
  it('follows the address an identity says now: one that moved on, or was unlinked, joins nobody', async () => {
    const first = await login('corp_s1', 'corp', 'a@x.example');
    // Subject 1 now says b@x: a@x is nobody's any more, whatever users.email remembers.
    await login('corp_s1', 'corp', 'b@x.example');
    const { rows } = await pool.query('SELECT email, email_verified_by FROM users WHERE id = $1', ['corp_s1']);
    expect(rows[0]).toEqual({ email: 'b@x.example', email_verified_by: 'corp' });
    const second = await login('corp_s2', 'corp', 'a@x.example');
    expect(userOf(second)).toBe('corp_s2');
    expect(userOf(first)).toBe('corp_s1');

    // Unlinked: the identity that said the address is gone, so the address is gone with it.
    await login('corp_s3', 'corp', 'c@x.example');
    await directory.link('corp_s3', { id: 'dev_s3', provider: 'dev', name: 's3' });
    await directory.unlink('corp_s3', 'corp_s3');
    const { rows: after } = await pool.query('SELECT email, email_verified_by FROM users WHERE id = $1', ['corp_s3']);
    expect(after[0]).toEqual({ email: null, email_verified_by: null });
    expect(userOf(await login('corp_s4', 'corp', 'c@x.example'))).toBe('corp_s4');
  });

  it('joins a current verified identity, ends every session the user had, and tells the addresses it had', async () => {
    const first = await login('corp_ann', 'corp', 'ann@x.example');
    await directory.link('corp_ann', {
      id: 'corp_ann_home',
      provider: 'corp',
      name: 'ann',
      email: 'ann.home@x.example',
      emailVerified: true,
    });
    notices = [];
    const joined = await login('corp_ann_work', 'corp', 'Ann@X.example');
    expect(userOf(joined)).toBe('corp_ann');
    // The session that was there is over; the new login's own lives.
    expect(await refreshes(first)).toMatch(/session ended/);
    expect(await refreshes(joined)).toBe('accepted');
    // The notice goes out after the login has answered (it never holds a login up): wait for it.
    const told = () => notices.filter((n) => /linked to your account by its verified email/.test(n.text));
    await until(() => told().length >= 2, { ms: 10_000, what: 'the notices of the join' });
    const addresses = told().map((n) => n.address);
    expect(addresses.sort()).toEqual(['ann.home@x.example', 'ann@x.example']);
    expect(told()[0]?.text).toMatch(/linked to your account by its verified email, and every other session/);
  });
});

describe('a change of the ways in', () => {
  it("ends every other session at an unlink, the caller's own kept; an admin's unlink ends them all", async () => {
    const here = await login('dev_ivy', 'dev');
    const there = await login('dev_ivy', 'dev');
    await directory.link('dev_ivy', { id: 'dev_ivy2', provider: 'dev', name: 'ivy2' });
    const done = await directory.unlink('dev_ivy', 'dev_ivy2', { jti: here.jti });
    expect(done.ended.map((e) => e.jti)).toEqual([there.jti]);
    expect(await refreshes(there)).toMatch(/session ended/);
    expect(await refreshes(here)).toBe('accepted');

    await directory.link('dev_ivy', { id: 'dev_ivy3', provider: 'dev', name: 'ivy3' });
    const byAdmin = await directory.unlinked('dev_ivy', 'dev_ivy3', []);
    expect(byAdmin.ended.map((e) => e.jti)).toEqual([here.jti]);
    expect(await refreshes(here)).toMatch(/session ended/);
  });

  it('tells every verified address of the user, the email-link provider’s and the unlinked identity’s among them', async () => {
    await login('dev_joe', 'dev');
    // A verified (email-link) login proves its address; an OIDC provider asserted one too.
    await directory.link('dev_joe', {
      id: 'mail_joe',
      provider: 'mail',
      name: 'joe',
      email: 'joe@mail.example',
      emailVerified: true,
    });
    await directory.link('dev_joe', {
      id: 'corp_joe',
      provider: 'corp',
      name: 'joe',
      email: 'joe@corp.example',
      emailVerified: true,
    });
    await directory.link('dev_joe', {
      id: 'other_joe',
      provider: 'other',
      name: 'joe',
      email: 'joe@unverified.example',
      emailVerified: false,
    });
    notices = [];
    await directory.unlink('dev_joe', 'corp_joe', { jti: 'none' });
    expect(notices.map((n) => n.address).sort()).toEqual(['joe@corp.example', 'joe@mail.example']);
    expect(notices[0]?.text).toMatch(/^The login corp_joe was unlinked from your account, and every other session/);
  });

  it('keeps the last way in when an unlink and a passkey removal come at once', async () => {
    const passkeys = new PgPasskeyStore(pool);
    const counts = (provider: string) => provider !== 'gone';
    for (let round = 0; round < 10; round++) {
      const user = `dev_race${round}`;
      await login(user, 'dev');
      await passkeys.add({
        id: `pk-${round}`,
        userId: user,
        userJson: '{}',
        publicKey: new Uint8Array([1]),
        counter: 0,
        transports: [],
      });
      const outcomes = await Promise.all([
        refusal(directory.unlink(user, user, { jti: 'none' })),
        passkeys.remove(user, `pk-${round}`, counts),
      ]);
      const { rows } = await pool.query(
        'SELECT (SELECT count(*) FROM identities WHERE user_id = $1)::int + (SELECT count(*) FROM passkey_credentials WHERE user_id = $1)::int AS ways',
        [user],
      );
      expect(rows[0].ways).toBe(1);
      // Exactly one of the two was refused as the last way in.
      expect(outcomes.filter((o) => o === 'last' || o === 'failed_precondition: last login method')).toHaveLength(1);
    }
    // In turn, too: the passkey after the identity is refused.
    await login('dev_turn', 'dev');
    await passkeys.add({
      id: 'pk-turn',
      userId: 'dev_turn',
      userJson: '{}',
      publicKey: new Uint8Array([1]),
      counter: 0,
      transports: [],
    });
    await directory.unlink('dev_turn', 'dev_turn', { jti: 'none' });
    expect(await passkeys.remove('dev_turn', 'pk-turn', counts)).toBe('last');
  });
});

describe('a refresh of a session the session list never knew', () => {
  it('reads the user status: a blocked user’s such session is refused', async () => {
    const listed = await login('dev_kim', 'dev');
    // Issued while the list did not answer: signed, never listed (devices.issued not reached).
    const unlisted = await tokens.issueSession({
      user: { name: 'kim', id: 'dev_kim', picture: '' },
      aud: 'x',
      provider: 'dev',
      sessionOnly: false,
    });
    await pool.query("UPDATE users SET status = 'blocked', block_reason = 'test' WHERE id = 'dev_kim'");
    // The block ended the listed session (AdminService's block ends every listed one).
    await devices.endAll('dev_kim');
    expect(await refreshes(listed)).toMatch(/session ended/);
    expect(await refreshes(unlisted)).toBe('permission_denied: user blocked');
    // An active user's unlisted session is listed at its refresh, and read once only.
    const ok = await tokens.issueSession({
      user: { name: 'lee', id: 'dev_lee', picture: '' },
      aud: 'x',
      provider: 'dev',
      sessionOnly: false,
    });
    expect(await refreshes(ok)).toBe('accepted');
    expect((await devices.listOf('dev_lee')).length).toBe(1);
  });
});
