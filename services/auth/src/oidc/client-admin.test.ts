// The administration of the OpenID provider's clients against a fresh Postgres database and the real
// provider (oidc-provider with Gatehouse's configuration): what is refused and with which RFC 7591 error,
// what the table holds (a hash, never a secret), the events of each change, and the provider seeing a
// change at the client's next lookup.
import { AppError } from '@gatehouse/errors';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import type Provider from 'oidc-provider';
import { AuthErrors } from '../errors';
import { createPool, runMigrations } from '../stores/postgres';
import { OidcAccounts } from './accounts';
import { ClientAdmin } from './client-admin';
import { CLIENT_ID } from './client-metadata';
import { hashSecret, newClientId, PgClientStore, secretMatches } from './clients';
import type { OidcSettings } from './config';
import { providerKeys } from './keys';
import { libraryPages } from './pages';
import { makeProvider } from './provider';

const log = createLogger({ name: 'test', level: 'silent' });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let provider: Provider;
let admin: ClientAdmin;

const settings: OidcSettings = {
  enabled: true,
  accessTokenTtlS: 600,
  refreshIdleS: 14 * 86_400,
  refreshAbsoluteS: 90 * 86_400,
  resources: [],
  keys: undefined,
  device: { codeTtlS: 600, pollIntervalS: 5 },
  demoClient: false,
  allowPrivate: false,
};

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_clients');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  const store = new PgClientStore(pool);
  provider = makeProvider({
    issuer: 'https://id.example.com',
    pool,
    clients: store,
    accounts: new OidcAccounts({ pool, baseUrl: 'https://id.example.com', avatarRoutePath: '/avatar' }),
    keys: providerKeys({ alg: 'HS256', signingJwks: [] }, settings, log),
    settings,
    pages: libraryPages(),
  });
  admin = new ClientAdmin({ pool, store, provider, log });
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const WEB = { client_name: 'Wiki', redirect_uris: ['https://wiki.example.com/callback'] };
const create = (metadata: unknown) => admin.create('operator', JSON.stringify(metadata));

/** The refusal of `promise`: its code and message. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`not refused with an AppError: ${String(err)}`);
  return { code: err.code, message: err.message };
}

const row = async (id: string) =>
  (await pool.query('SELECT metadata, secret_hash FROM oidc_clients WHERE client_id = $1', [id])).rows[0] as
    | { metadata: Record<string, unknown>; secret_hash: string | null }
    | undefined;

const trail = async (client: string) =>
  (
    await pool.query(
      `SELECT type, actor_kind, actor_id, data FROM events.events
        WHERE data->>'client_id' = $1 OR data->>'client' = $1 ORDER BY id`,
      [client],
    )
  ).rows as { type: string; actor_kind: string; actor_id: string; data: Record<string, unknown> }[];

describe('making a client', () => {
  it('makes a confidential client: its secret answered once, only its hash kept, both events written', async () => {
    const made = await create(WEB);
    const id = made.client.clientId;
    expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.client.hasSecret).toBe(true);
    expect(made.client.metadata).toEqual({
      client_id: id,
      ...WEB,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const stored = await row(id);
    expect(stored?.secret_hash).toBe(hashSecret(made.secret as string));
    expect(JSON.stringify(stored)).not.toContain(made.secret);
    expect(JSON.stringify(await admin.get('operator', id))).not.toContain('sha256$');
    expect(await trail(id)).toEqual([
      { type: 'client.created', actor_kind: 'admin', actor_id: 'operator', data: { client_id: id } },
      {
        type: 'admin.action',
        actor_kind: 'admin',
        actor_id: 'operator',
        data: { method: 'create_client', client: id },
      },
    ]);
    // The provider finds it, and takes its secret and no other.
    const client = await provider.Client.find(id);
    expect(await client?.compareClientSecret(made.secret as string)).toBe(true);
    expect(await client?.compareClientSecret('another')).toBe(false);
  });

  it('makes ids the admin API takes back (a letter or digit first: never read as a command-line option)', () => {
    for (let i = 0; i < 500; i++) expect(newClientId()).toMatch(CLIENT_ID);
  });

  it('takes a chosen id once, a public client without a secret, a service without response types', async () => {
    const pub = await create({ ...WEB, client_id: 'phone-app', token_endpoint_auth_method: 'none' });
    expect(pub.secret).toBeUndefined();
    expect(pub.client.hasSecret).toBe(false);
    expect((await row('phone-app'))?.secret_hash).toBeNull();
    expect(await refusal(create({ ...WEB, client_id: 'phone-app' }))).toMatchObject({
      code: AuthErrors.OIDC_CLIENT_EXISTS,
    });
    const service = await create({ client_name: 'Billing', grant_types: ['client_credentials'], scope: 'openid' });
    expect(service.secret).toBeTruthy();
    expect(service.client.metadata).toMatchObject({ grant_types: ['client_credentials'], response_types: [] });
    const signed = await create({
      ...WEB,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: 'https://wiki.example.com/jwks',
      first_party: true,
      access_token_ttl: 300,
      refresh_token_ttl: 86_400,
      backchannel_logout_uri: 'https://wiki.example.com/backchannel',
      post_logout_redirect_uris: ['https://wiki.example.com/'],
    });
    expect(signed.secret).toBeUndefined();
    expect(signed.client.metadata).toMatchObject({ first_party: true, access_token_ttl: 300 });
  });

  it.each([
    [
      'a wildcard redirect URI',
      { redirect_uris: ['https://*.example.com/cb'] },
      'OIDC_INVALID_REDIRECT_URI',
      /wildcards/,
    ],
    ['a fragment', { redirect_uris: ['https://a.example.com/cb#x'] }, 'OIDC_INVALID_REDIRECT_URI', /fragments/],
    ['no redirect URI for the code flow', { redirect_uris: [] }, 'OIDC_INVALID_REDIRECT_URI', /redirect_uris/],
    ['a non-URL', { redirect_uris: ['not a url'] }, 'OIDC_INVALID_REDIRECT_URI', /valid uris/],
    [
      'a wildcard logout URI',
      { post_logout_redirect_uris: ['https://a.example.com/*'] },
      'OIDC_INVALID_CLIENT_METADATA',
      /wildcards/,
    ],
    ['the implicit grant', { grant_types: ['implicit'] }, 'OIDC_INVALID_CLIENT_METADATA', /implicit/],
    ['the password grant', { grant_types: ['password'] }, 'OIDC_INVALID_CLIENT_METADATA', /password/],
    ['client_secret_jwt', { token_endpoint_auth_method: 'client_secret_jwt' }, 'OIDC_INVALID_CLIENT_METADATA', /HMAC/],
    ['an HS256 ID token', { id_token_signed_response_alg: 'HS256' }, 'OIDC_INVALID_CLIENT_METADATA', /HMAC/],
    [
      'client_credentials for a public client',
      { token_endpoint_auth_method: 'none', grant_types: ['client_credentials'] },
      'OIDC_INVALID_CLIENT_METADATA',
      /public client/,
    ],
    [
      'client_credentials with response types',
      { grant_types: ['client_credentials'], response_types: ['code'] },
      'OIDC_INVALID_CLIENT_METADATA',
      /response_types must be \[\]/,
    ],
    ['a secret of its own', { client_secret: 'chosen-by-me' }, 'OIDC_INVALID_CLIENT_METADATA', /made by Gatehouse/],
    [
      'an unknown name',
      { redirect_uri: 'https://a.example.com/cb' },
      'OIDC_INVALID_CLIENT_METADATA',
      /unknown client metadata: redirect_uri/,
    ],
    ['a scope the provider lacks', { scope: 'openid admin' }, 'OIDC_INVALID_CLIENT_METADATA', /scope/],
    [
      'an unknown auth method',
      { token_endpoint_auth_method: 'tls_client_auth' },
      'OIDC_INVALID_CLIENT_METADATA',
      /token_endpoint_auth_method/,
    ],
    ['a first_party string', { first_party: 'yes' }, 'OIDC_INVALID_CLIENT_METADATA', /first_party must be a boolean/],
    ['a too short lifetime', { access_token_ttl: 5 }, 'OIDC_INVALID_CLIENT_METADATA', /access_token_ttl/],
    ['a fractional lifetime', { refresh_token_ttl: 90.5 }, 'OIDC_INVALID_CLIENT_METADATA', /refresh_token_ttl/],
    [
      'both jwks and jwks_uri',
      { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [] }, jwks_uri: 'https://a.example.com/j' },
      'OIDC_INVALID_CLIENT_METADATA',
      /jwks and jwks_uri/,
    ],
    [
      'an id of random text',
      { client_id: 'Zq3vR8kLm2Xp9TbN4wYc7HdJ' },
      'OIDC_INVALID_CLIENT_METADATA',
      /looks like a token/,
    ],
    ['an id with a slash', { client_id: 'a/b' }, 'OIDC_INVALID_CLIENT_METADATA', /client_id must be/],
  ])('refuses %s', async (_what, extra, code, message) => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM oidc_clients')).rows[0].n;
    const refused = await refusal(create({ ...WEB, ...extra }));
    expect(refused.code).toBe(code);
    expect(refused.message).toMatch(message);
    expect((await pool.query('SELECT count(*)::int AS n FROM oidc_clients')).rows[0].n).toBe(before);
  });

  it('refuses what is not a JSON object', async () => {
    for (const text of ['', 'not json', '[]', 'null', '"x"', `{"client_name":"${'x'.repeat(70_000)}"}`]) {
      expect(await refusal(admin.create('operator', text))).toMatchObject({
        code: AuthErrors.OIDC_INVALID_CLIENT_METADATA,
      });
    }
    expect(await refusal(admin.create('', JSON.stringify(WEB)))).toMatchObject({ code: AuthErrors.OIDC_BAD_REQUEST });
  });
});

describe('changing a client', () => {
  it('merges a patch, replaces the whole, and gives or takes the secret as the method needs', async () => {
    const made = await create({ ...WEB, client_id: 'changing', token_endpoint_auth_method: 'none' });
    const merged = await admin.update('operator', 'changing', JSON.stringify({ client_name: 'Wiki 2' }), true);
    expect(merged.secret).toBeUndefined();
    expect(merged.client.metadata).toMatchObject({ client_name: 'Wiki 2', redirect_uris: WEB.redirect_uris });
    const removed = await admin.update('operator', 'changing', JSON.stringify({ client_name: null }), true);
    expect(removed.client.metadata).not.toHaveProperty('client_name');
    // Confidential now: a secret is made and answered.
    const confidential = await admin.update(
      'operator',
      'changing',
      JSON.stringify({ ...WEB, token_endpoint_auth_method: 'client_secret_post' }),
      false,
    );
    expect(confidential.secret).toBeTruthy();
    expect((await row('changing'))?.secret_hash).toBe(hashSecret(confidential.secret as string));
    // Another change keeps that secret and does not show it again.
    const renamed = await admin.update('operator', 'changing', JSON.stringify({ client_name: 'Wiki 3' }), true);
    expect(renamed.secret).toBeUndefined();
    expect(secretMatches((await row('changing'))?.secret_hash ?? undefined, confidential.secret as string)).toBe(true);
    // Public again: the secret is gone.
    await admin.update('operator', 'changing', JSON.stringify({ token_endpoint_auth_method: 'none' }), true);
    expect((await row('changing'))?.secret_hash).toBeNull();
    expect(made.client.createdAt.getTime()).toBeLessThanOrEqual(renamed.client.updatedAt.getTime());
    expect((await trail('changing')).filter((e) => e.type === 'client.updated')).toHaveLength(5);
  });

  it('refuses a bad change and leaves the client as it was; an unknown client is not found', async () => {
    await create({ ...WEB, client_id: 'steady' });
    const before = await row('steady');
    const bad = await refusal(
      admin.update('operator', 'steady', JSON.stringify({ redirect_uris: ['https://*.example.com/'] }), true),
    );
    expect(bad.code).toBe(AuthErrors.OIDC_INVALID_REDIRECT_URI);
    const moved = await refusal(admin.update('operator', 'steady', JSON.stringify({ client_id: 'other' }), true));
    expect(moved.message).toMatch(/client_id cannot change/);
    expect(await row('steady')).toEqual(before);
    expect((await trail('steady')).map((e) => e.type)).toEqual(['client.created', 'admin.action']);
    for (const call of [
      () => admin.get('operator', 'nobody'),
      () => admin.update('operator', 'nobody', '{}', true),
      () => admin.rotateSecret('operator', 'nobody'),
      () => admin.delete('operator', 'nobody'),
    ])
      expect(await refusal(call())).toMatchObject({ code: AuthErrors.OIDC_CLIENT_NOT_FOUND });
  });

  it('rotates a secret: the provider takes the new one at once and not the old; a public client has none', async () => {
    const made = await create({ ...WEB, client_id: 'rotating' });
    const rotated = await admin.rotateSecret('operator', 'rotating');
    expect(rotated.secret).not.toBe(made.secret);
    const client = await provider.Client.find('rotating');
    expect(await client?.compareClientSecret(rotated.secret as string)).toBe(true);
    expect(await client?.compareClientSecret(made.secret as string)).toBe(false);
    expect((await trail('rotating')).map((e) => [e.type, e.data.method])).toEqual([
      ['client.created', undefined],
      ['admin.action', 'create_client'],
      ['client.secret_rotated', undefined],
      ['admin.action', 'rotate_client_secret'],
    ]);
    await create({ ...WEB, client_id: 'no-secret', token_endpoint_auth_method: 'none' });
    expect((await refusal(admin.rotateSecret('operator', 'no-secret'))).message).toMatch(/without a secret/);
  });

  it('deletes a client with what was issued to it; the provider no longer knows it', async () => {
    await create({ ...WEB, client_id: 'leaving' });
    await pool.query(
      `INSERT INTO oidc_payloads (model, id, payload, client_id) VALUES ('AccessToken', 'at-1', '{}', 'leaving'),
         ('AccessToken', 'at-2', '{}', 'staying')`,
    );
    await admin.delete('operator', 'leaving');
    expect(await row('leaving')).toBeUndefined();
    expect(await provider.Client.find('leaving')).toBeUndefined();
    const left = await pool.query("SELECT id FROM oidc_payloads WHERE id IN ('at-1', 'at-2')");
    expect(left.rows).toEqual([{ id: 'at-2' }]);
    expect((await trail('leaving')).map((e) => [e.type, e.data.method])).toEqual([
      ['client.created', undefined],
      ['admin.action', 'create_client'],
      ['client.deleted', undefined],
      ['admin.action', 'delete_client'],
    ]);
  });

  it('lists every client without a secret or its hash', async () => {
    const listed = await admin.list('operator');
    expect(listed.map((c) => c.clientId)).toEqual(expect.arrayContaining(['phone-app', 'rotating', 'steady']));
    expect(JSON.stringify(listed)).not.toMatch(/sha256\$|client_secret"/);
  });
});
