// Back-channel logout from a Gatehouse session's end (backchannel.ts) against real Postgres, the real
// oidc-provider with auth's configuration, and relying parties' endpoints as real HTTP servers on
// loopback: the ended session's provider sessions are found by its links (or by the user and login time
// a logout names), each client with a back-channel URI gets one verified logout_token, every grant is
// revoked (the refresh tokens stop working; the grants, the user's consent, stay), and two roads ending the
// session at once tell each client once. A client that refuses is logged; the others are still told.
import { randomBytes } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { BackchannelReceiver } from '@gatehouse/test-kit/fakes/backchannel-receiver';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type Provider from 'oidc-provider';
import { createPool, runMigrations } from '../stores/postgres';
import { OidcAccounts } from './accounts';
import { BackchannelLogouts } from './backchannel';
import { PgClientStore } from './clients';
import type { OidcSettings } from './config';
import { type ProviderKeys, providerKeys } from './keys';
import { libraryPages } from './pages';
import { makeProvider } from './provider';

const log = createLogger({ name: 'backchannel-test', level: 'silent' });
const ISSUER = 'http://gatehouse.test';
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let keys: ProviderKeys;
const receivers: BackchannelReceiver[] = [];

const settings = (allowPrivate: boolean): OidcSettings => ({
  enabled: true,
  accessTokenTtlS: 600,
  refreshIdleS: 3600,
  refreshAbsoluteS: 86_400,
  resources: [],
  allowPrivate,
  device: { codeTtlS: 600, pollIntervalS: 5 },
  demoClient: false,
  keys: { key: randomBytes(32), previous: [] },
});

function provider(allowPrivate = true): Provider {
  const s = { ...settings(allowPrivate), keys: undefined };
  const clients = new PgClientStore(pool);
  const accounts = new OidcAccounts({ pool, baseUrl: ISSUER, avatarRoutePath: '/avatar' });
  return makeProvider({ issuer: ISSUER, pool, clients, accounts, keys, settings: s, pages: libraryPages() });
}

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_bcl');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  keys = providerKeys({ alg: 'HS256', signingJwks: [] }, settings(true), log);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await pool?.end();
  await db?.drop();
});

async function receiver(): Promise<BackchannelReceiver> {
  const r = await new BackchannelReceiver().start();
  receivers.push(r);
  return r;
}

async function client(metadata: Record<string, unknown>): Promise<string> {
  const id = `c-${randomBytes(6).toString('hex')}`;
  const meta = {
    redirect_uris: ['https://rp.example/cb'],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
  };
  await new PgClientStore(pool).create(id, { ...meta, ...metadata }, null);
  return id;
}

/**
 * A provider session of `accountId` logged in at `loginTs` (as interaction.ts logs a Gatehouse session in),
 * signed into each client with a grant and a refresh token, and the link to Gatehouse session `jti`.
 */
async function signedIn(p: Provider, accountId: string, loginTs: number, clientIds: string[], jti?: string) {
  // The types give Session no constructor argument; the library's takes the payload (models/session.js).
  const session = new (p.Session as unknown as new (payload: object) => InstanceType<Provider['Session']>)({
    accountId,
    loginTs,
  });
  const refresh: Record<string, string> = {};
  for (const clientId of clientIds) {
    const grant = new p.Grant({ accountId, clientId });
    grant.addOIDCScope('openid offline_access');
    const grantId = await grant.save();
    const c = await p.Client.find(clientId);
    const token = new p.RefreshToken({
      accountId,
      client: c,
      grantId,
      scope: 'openid offline_access',
      sessionUid: session.uid,
    } as never);
    refresh[clientId] = await token.save();
    session.sidFor(clientId, randomBytes(8).toString('hex'));
    session.grantIdFor(clientId, grantId);
  }
  await session.save(3600);
  if (jti)
    await pool.query(
      "INSERT INTO oidc_session_links (gateway_jti, account_id, login_ts, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')",
      [jti, accountId, loginTs],
    );
  return { session, refresh };
}

const publicJwks = () => createLocalJWKSet({ keys: keys.jwks.map(({ d: _d, ...pub }) => pub) as never[] });

async function verified(token: string, clientId: string) {
  const { payload } = await jwtVerify(token, publicJwks(), { issuer: ISSUER, audience: clientId, typ: 'logout+jwt' });
  return payload;
}

const grantsOf = async (user: string) =>
  (await pool.query("SELECT 1 FROM oidc_payloads WHERE model = 'Grant' AND account_id = $1", [user])).rowCount;

describe('back-channel logout of an ended Gatehouse session', () => {
  it('tells each client once with a verified logout_token, and revokes the tokens the session issued, when two roads end it at once', async () => {
    const p = provider();
    const [withSid, withoutSid] = [await receiver(), await receiver()];
    const a = await client({ backchannel_logout_uri: withSid.uri, backchannel_logout_session_required: true });
    const b = await client({ backchannel_logout_uri: withoutSid.uri });
    const c = await client({}); // no back-channel URI: its grant goes all the same
    const user = `dev_${randomBytes(8).toString('hex')}`;
    const jti = randomBytes(20).toString('hex');
    const { session, refresh } = await signedIn(p, user, 1_700_000_000, [a, b, c], jti);
    // Another login of the same user (another browser) is not this session's.
    const other = await signedIn(p, user, 1_700_000_500, [a], randomBytes(20).toString('hex'));

    const logouts = new BackchannelLogouts({ provider: p, pool, log });
    const [first, second] = await Promise.all([logouts.logOut({ jti }), logouts.logOut({ jti, userId: user })]);
    expect([...first.notified, ...second.notified].sort()).toEqual([a, b].sort());
    expect(first.sessions + second.sessions).toBe(1);
    expect(withSid.received).toHaveLength(1);
    expect(withoutSid.received).toHaveLength(1);

    const tokenA = withSid.received[0]?.token as string;
    expect(withSid.received[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(decodeProtectedHeader(tokenA)).toMatchObject({ alg: 'ES256', typ: 'logout+jwt' });
    const claimsA = await verified(tokenA, a);
    expect(claimsA).toMatchObject({ sub: user, sid: session.authorizations?.[a]?.sid, events: { [EVENT]: {} } });
    expect(claimsA.nonce).toBeUndefined();
    expect(claimsA.jti).toBeTruthy();
    const claimsB = await verified(withoutSid.received[0]?.token as string, b);
    expect(claimsB).toMatchObject({ sub: user, events: { [EVENT]: {} } });
    expect(claimsB.sid).toBeUndefined();

    // The refresh tokens are gone; the session and its link too; the other login keeps its own; the grants
    // (the user's consent) stay.
    for (const id of [a, b, c]) expect(await p.RefreshToken.find(refresh[id] as string)).toBeUndefined();
    expect(await p.Session.findByUid(session.uid)).toBeUndefined();
    expect((await pool.query('SELECT 1 FROM oidc_session_links WHERE gateway_jti = $1', [jti])).rowCount).toBe(0);
    expect(await p.RefreshToken.find(other.refresh[a] as string)).toBeDefined();
    expect(await p.Session.findByUid(other.session.uid)).toBeDefined();
    expect(await grantsOf(user)).toBe(4);
  });

  it('finds the session by the user and login time a logout names, without a link', async () => {
    const p = provider();
    const r = await receiver();
    const a = await client({ backchannel_logout_uri: r.uri });
    const user = `dev_${randomBytes(8).toString('hex')}`;
    const { refresh } = await signedIn(p, user, 1_700_000_100, [a]);
    const logouts = new BackchannelLogouts({ provider: p, pool, log });
    logouts.sessionEnded({ jti: 'no-link', userId: user, authTime: 1_700_000_100 });
    await logouts.idle();
    expect(r.received).toHaveLength(1);
    expect(await p.RefreshToken.find(refresh[a] as string)).toBeUndefined();
  });

  it('still tells the others when a client refuses or cannot be reached, and revokes every grant', async () => {
    const p = provider();
    const [refusing, fine] = [await receiver(), await receiver()];
    refusing.status = 500;
    const gone = await receiver();
    const goneUri = gone.uri;
    await gone.close();
    const bad = await client({ backchannel_logout_uri: refusing.uri });
    const unreachable = await client({ backchannel_logout_uri: goneUri });
    const good = await client({ backchannel_logout_uri: fine.uri });
    const user = `dev_${randomBytes(8).toString('hex')}`;
    const jti = randomBytes(20).toString('hex');
    const { refresh } = await signedIn(p, user, 1_700_000_200, [bad, unreachable, good], jti);
    const outcome = await new BackchannelLogouts({ provider: p, pool, log }).logOut({ jti });
    expect(outcome.notified).toEqual([good]);
    expect(outcome.failed.sort()).toEqual([bad, unreachable].sort());
    expect(refusing.received).toHaveLength(1);
    expect(fine.received).toHaveLength(1);
    for (const id of [bad, unreachable, good]) expect(await p.RefreshToken.find(refresh[id] as string)).toBeUndefined();
  });

  it('reaches no loopback address unless AUTH_OIDC_ALLOW_PRIVATE (the library guards against SSRF)', async () => {
    const p = provider(false);
    const r = await receiver();
    const a = await client({ backchannel_logout_uri: r.uri });
    const user = `dev_${randomBytes(8).toString('hex')}`;
    const jti = randomBytes(20).toString('hex');
    const { refresh } = await signedIn(p, user, 1_700_000_300, [a], jti);
    const outcome = await new BackchannelLogouts({ provider: p, pool, log }).logOut({ jti });
    expect(outcome).toEqual({ sessions: 1, notified: [], failed: [a] });
    expect(r.received).toHaveLength(0);
    expect(await p.RefreshToken.find(refresh[a] as string)).toBeUndefined();
  });
});
