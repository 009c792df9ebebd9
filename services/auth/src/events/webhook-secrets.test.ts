// Webhook secrets at rest (issue 43, L8) against real Postgres and real receivers on loopback: the row
// holds no secret, only a seal under a key derived from AUTH_TOTP_KEY bound to the endpoint's id; a
// sealed secret copied to another endpoint's row opens to nothing and signs nothing; deliveries still
// verify with the `standardwebhooks` package, both secrets during a rotation; secrets the earlier code
// stored in the clear, or sealed with a retired key, are sealed with the current one (at start, and by
// the totp-reseal entry); a stack without the key keeps working as before.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newWebhookSecret, recordEvent, WebhookSender } from '@gatehouse/events';
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { runEntry } from '@gatehouse/test-kit/run-entry';
import { until } from '@gatehouse/test-kit/until';
import { Webhook } from 'standardwebhooks';
import { createPool, runMigrations } from '../stores/postgres';
import { PgDeliveryQueue } from './delivery-queue';
import { WebhookDispatcher } from './dispatcher';
import { WebhookSecretError, WebhookSecrets } from './webhook-secrets';
import { PgWebhookStore } from './webhook-store';

const log = createLogger({ name: 'webhook-secrets-test', level: 'silent' });
const ADMIN = 'operator';
const totpKey = randomBytes(32);
const secrets = new WebhookSecrets({ key: totpKey, previous: [] });
let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: PgWebhookStore;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase('gh_auth');
  pool = createPool(db.url, undefined, { max: 6, transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  store = new PgWebhookStore(pool, { secrets });
});

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await pool.query('DELETE FROM webhooks');
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** A receiver on loopback that keeps what it gets. */
async function receiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

function dispatcher(queue = new PgDeliveryQueue(pool, secrets)) {
  const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 2_000 });
  const d = new WebhookDispatcher({ queue, sender, schedule: [0, 60_000], log, pollMs: 50 });
  d.start();
  stops.push(async () => {
    await d.stop();
    await sender.close();
  });
}

const stored = async (id: string) =>
  (await pool.query('SELECT secret, previous_secret FROM webhooks WHERE id = $1', [id])).rows[0] as {
    secret: string;
    previous_secret: string | null;
  };

const load = (n: number) =>
  recordEvent(pool, {
    type: 'load.succeeded',
    actor: { kind: 'user', id: 'dev_sealed' },
    subjectUser: 'dev_sealed',
    data: { load_id: n, card_id: 1, amount_cents: 100 },
  });

test('seals for one endpoint: another id, another key or an altered seal opens to nothing', () => {
  const secret = newWebhookSecret();
  const sealed = secrets.seal(secret, 'wh_a');
  expect(sealed).toMatch(/^v1\.[0-9a-f]{16}\.[A-Za-z0-9_-]+$/);
  expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
  expect(secrets.open(sealed, 'wh_a')).toBe(secret);
  expect(() => secrets.open(sealed, 'wh_b')).toThrow(WebhookSecretError);
  expect(() => new WebhookSecrets({ key: randomBytes(32), previous: [] }).open(sealed, 'wh_a')).toThrow(
    /not configured/,
  );
  expect(() => new WebhookSecrets(undefined).open(sealed, 'wh_a')).toThrow(/AUTH_TOTP_KEY is unset/);
  // The character before the last (the last may carry unused bits), changed whatever it was.
  const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
  expect(() => secrets.open(flipped, 'wh_a')).toThrow(WebhookSecretError);
  // Not the TOTP key itself: a key derived for this purpose alone.
  expect(sealed.split('.')[1]).not.toBe(totpKey.toString('hex').slice(0, 16));
  // Without AUTH_TOTP_KEY a secret is stored as it was before sealing, and opens as it is.
  expect(new WebhookSecrets(undefined).seal(secret, 'wh_a')).toBe(secret);
  expect(secrets.open(secret, 'wh_a')).toBe(secret);
});

test('the row holds no secret, a rotation neither; deliveries verify with both, each on its own', async () => {
  const r = await receiver();
  const { webhook, secret: first } = await store.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  const second = (await store.rotateSecret(webhook.id, ADMIN)) as string;
  const row = await stored(webhook.id);
  for (const value of [row.secret, row.previous_secret as string]) {
    expect(value).toMatch(/^v1\./);
    for (const secret of [first, second]) {
      expect(value).not.toContain(secret);
      expect(value).not.toContain(secret.slice('whsec_'.length));
    }
  }
  dispatcher();
  await load(1);
  const got = await until(() => r.received[0]);
  expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(2);
  for (const secret of [first, second]) expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
  expect(() => new Webhook(newWebhookSecret()).verify(got.body, got.headers)).toThrow();
});

test("a sealed secret copied into another endpoint's row opens to nothing: that endpoint gets nothing signed", async () => {
  const honest = await receiver();
  const planted = await receiver();
  const a = await store.create({ url: honest.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  const b = await store.create({ url: planted.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  // Whoever can write the table (a backup restored by hand, a stolen login) gives b a's sealed secret.
  await pool.query('UPDATE webhooks SET secret = (SELECT secret FROM webhooks WHERE id = $1) WHERE id = $2', [
    a.webhook.id,
    b.webhook.id,
  ]);
  dispatcher();
  const id = await load(2);
  const got = await until(() => honest.received[0]);
  expect(() => new Webhook(a.secret).verify(got.body, got.headers)).not.toThrow();
  const [refused] = await until(async () => {
    const list = await store.deliveries(b.webhook.id, 10);
    return list[0]?.attempts.length === 1 && list;
  });
  expect(refused).toMatchObject({ eventId: id, status: 'pending', attempts: [{ statusCode: null }] });
  expect(refused?.attempts[0]?.error).toMatch(
    /not sent: the sealed secret does not open: it was altered, or sealed for another endpoint/,
  );
  expect(planted.received).toEqual([]);
});

test('secrets the earlier code stored in the clear, or sealed with a retired key, are sealed with the current one', async () => {
  const r = await receiver();
  // As the earlier code stored them: the secret itself, and after a rotation its predecessor too.
  const [clear, previous] = [newWebhookSecret(), newWebhookSecret()];
  await pool.query(
    `INSERT INTO webhooks (id, url, event_types, secret, previous_secret, previous_until)
     VALUES ('wh_clear', $1, '{load.*}', $2, $3, now() + interval '1 hour')`,
    [r.url, clear, previous],
  );
  // One sealed with a key since retired (AUTH_TOTP_KEY_PREVIOUS).
  const retired = randomBytes(32);
  const old = newWebhookSecret();
  await pool.query(
    `INSERT INTO webhooks (id, url, event_types, secret) VALUES ('wh_retired', 'https://example.com/h', '{user.*}', $1)`,
    [new WebhookSecrets({ key: retired, previous: [] }).seal(old, 'wh_retired')],
  );
  const rotated = new WebhookSecrets({ key: totpKey, previous: [retired] });
  // Before they are sealed they still open, so deliveries go on through an upgrade.
  expect(rotated.open(clear, 'wh_clear')).toBe(clear);
  expect(await new PgWebhookStore(pool, { secrets: rotated }).sealStored()).toEqual({ sealed: 2, unopenable: 0 });
  const row = await stored('wh_clear');
  expect([row.secret, row.previous_secret]).toEqual([expect.stringMatching(/^v1\./), expect.stringMatching(/^v1\./)]);
  expect([secrets.open(row.secret, 'wh_clear'), secrets.open(row.previous_secret as string, 'wh_clear')]).toEqual([
    clear,
    previous,
  ]);
  // The current key alone opens the retired key's secret now.
  expect(secrets.open((await stored('wh_retired')).secret, 'wh_retired')).toBe(old);
  expect(await new PgWebhookStore(pool, { secrets: rotated }).sealStored()).toEqual({ sealed: 0, unopenable: 0 });
  dispatcher();
  await load(3);
  const got = await until(() => r.received[0]);
  for (const secret of [clear, previous]) expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
});

test('the totp-reseal entry seals webhook secrets too, and exits 1 while one is on a key it was not given', async () => {
  const clear = newWebhookSecret();
  await pool.query(
    `INSERT INTO webhooks (id, url, event_types, secret) VALUES ('wh_cli', 'https://example.com/h', '{*}', $1)`,
    [clear],
  );
  const lost = randomBytes(32);
  await pool.query(
    `INSERT INTO webhooks (id, url, event_types, secret) VALUES ('wh_lost', 'https://example.com/h', '{*}', $1)`,
    [new WebhookSecrets({ key: lost, previous: [] }).seal(newWebhookSecret(), 'wh_lost')],
  );
  const env = { DATABASE_URL: db.url, AUTH_TOTP_KEY: totpKey.toString('hex'), AUTH_TOTP_KEY_PREVIOUS: '' };
  const left = await runEntry('services/auth/src/cli/totp-reseal.ts', env);
  expect([left.code, left.out]).toEqual([
    1,
    expect.stringMatching(/webhook secrets left on keys that are not configured/),
  ]);
  expect(left.out).not.toContain(clear);
  expect(secrets.open((await stored('wh_cli')).secret, 'wh_cli')).toBe(clear);
  const done = await runEntry('services/auth/src/cli/totp-reseal.ts', {
    ...env,
    AUTH_TOTP_KEY_PREVIOUS: lost.toString('hex'),
  });
  expect([done.code, done.out]).toEqual([0, expect.stringContaining('"webhooks":{"sealed":1,"unopenable":0}')]);
}, 60_000);

test('without AUTH_TOTP_KEY secrets are stored as before, and deliveries verify', async () => {
  const r = await receiver();
  const plain = new WebhookSecrets(undefined);
  const unsealed = new PgWebhookStore(pool, { secrets: plain });
  const { webhook, secret } = await unsealed.create({ url: r.url, eventTypes: ['load.*'], description: '' }, ADMIN);
  expect((await stored(webhook.id)).secret).toBe(secret);
  expect(await unsealed.sealStored()).toEqual({ sealed: 0, unopenable: 0 });
  dispatcher(new PgDeliveryQueue(pool, plain));
  await load(4);
  const got = await until(() => r.received[0]);
  expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
});
