// Password accounts through the real stack (docs/password-accounts.md): auth with its own Postgres
// database, avatar, payment and two gateways, messages through a real SMTP server on loopback
// (smtp-server). Sign-up, the verification link, login, a reset that ends every other session on both
// gateways within 1 s, a change, a change of address; sign-up, login and reset answer the same bytes for
// known and unknown addresses; a TOTP user gives a code; a blocked user is refused.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { until } from '@gatehouse/test-kit/until';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { type DirectoryStack, PageBrowser, startDirectoryStack } from './directory-stack';

interface Mail {
  to: string[];
  text: string;
}

let dir: DirectoryStack;
let smtp: SMTPServer;
let files: string;
const mails: Mail[] = [];

const bodyOf = (raw: string) =>
  raw
    .slice(raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: bodyOf(Buffer.concat(chunks).toString()),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-passwords-'));
  const config = path.join(files, 'auth.json');
  const smtpSection = { host: '127.0.0.1', port, tls: 'none', from: 'accounts@gatehouse.test', subject: 'Gatehouse' };
  writeFileSync(config, JSON.stringify({ password: { sender: 'smtp', smtp: smtpSection, site: 'Gatehouse test' } }));
  dir = await startDirectoryStack({
    AUTH_CONFIG: config,
    AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
    AUTH_ADMIN_PASSWD: 'admin-password-long-enough',
  });
}, 90_000);

afterAll(async () => {
  await dir?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  if (files) rmSync(files, { recursive: true, force: true });
});

const post = (b: Browser, route: string, body: unknown): Promise<Answer> =>
  b.request('POST', `/auth/password/${route}`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The newest message to `address` matching `pattern`, once it has arrived. */
const mailTo = (address: string, pattern: RegExp) =>
  until(() =>
    [...mails]
      .reverse()
      .find((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()) && pattern.test(m.text)),
  );

const tokenIn = (mail: Mail, kind: 'verify' | 'reset') =>
  new RegExp(`#password-${kind}=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] as string;

/** A verified account: sign-up, then its link. */
async function account(email: string, password: string): Promise<void> {
  const signed = await post(new Browser(dir.stack.url), 'signup', { email, password, name: email.split('@')[0] });
  expect(signed.status).toBe(202);
  const mail = await mailTo(email, /Confirm your address/);
  expect((await post(new Browser(dir.stack.url), 'verify', { token: tokenIn(mail, 'verify') })).status).toBe(200);
}

async function login(email: string, password: string): Promise<PageBrowser> {
  const b = new PageBrowser(dir.stack.url);
  const res = await post(b, 'login', { email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.text}`);
  return b;
}

/** Asks `url` with `token` until refused (401): the milliseconds it took, or -1 past the timeout. */
async function refusedWithin(url: string, token: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if ((await new Browser(url).get('/auth/user', { 'x-jwt': token })).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return -1;
}

describe('password accounts', () => {
  it('signs up, refuses the login until the address is verified, then logs in', async () => {
    const b = new Browser(dir.stack.url);
    expect((await post(b, 'signup', { email: 'Ada@Example.com', password: 'correct horse battery' })).status).toBe(202);
    const mail = await mailTo('Ada@Example.com', /Confirm your address/);
    const early = await post(b, 'login', { email: 'ada@example.com', password: 'correct horse battery' });
    expect(early.status).toBe(403);
    expect(early.json()).toEqual({ error: expect.stringMatching(/verify your address first/) });
    expect((await post(b, 'verify', { token: tokenIn(mail, 'verify') })).status).toBe(200);
    // Single use: the same link again is refused.
    expect((await post(b, 'verify', { token: tokenIn(mail, 'verify') })).status).toBe(400);
    const ada = await login('ada@example.com', 'correct horse battery');
    const user = (await ada.send('GET', '/auth/user')).json() as { id: string; name: string };
    expect(user.id).toMatch(/^password_[0-9a-f]{40}$/);
    expect(user.name).toBe('Ada');
    const wrong = await post(b, 'login', { email: 'ada@example.com', password: 'wrong horse battery' });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toEqual({ error: 'incorrect email or password' });
  });

  it('answers sign-up, login and reset with the same status and bytes for known and unknown addresses', async () => {
    await account('known@example.com', 'a long enough password');
    const ask = async (route: string, email: string, password?: string) => {
      const res = await post(new Browser(dir.stack.url), route, password ? { email, password } : { email });
      return { status: res.status, text: res.text };
    };
    for (const [route, password] of [
      ['signup', 'another long password'],
      ['login', 'not the right password'],
      ['reset/start', undefined],
    ] as const) {
      const known = await ask(route, 'known@example.com', password);
      const unknown = await ask(route, `nobody-${route.replace('/', '-')}@example.com`, password);
      expect(unknown).toEqual(known);
    }
    // The taken address's owner hears of the sign-up instead.
    await mailTo('known@example.com', /has an account already/);
  });

  it('resets: other sessions end on both gateways within 1 s, the user is told, the old password stops', async () => {
    await account('rosa@example.com', 'old password of rosa');
    const first = await login('rosa@example.com', 'old password of rosa');
    const token = (await first.cookie('JWT')) as string;
    expect((await post(new Browser(dir.stack.url), 'reset/start', { email: 'rosa@example.com' })).status).toBe(202);
    const link = tokenIn(await mailTo('rosa@example.com', /Set a new password/), 'reset');
    const tooShort = await post(new Browser(dir.stack.url), 'reset/complete', { token: link, password: 'short' });
    expect(tooShort.status).toBe(400);
    const done = await post(new Browser(dir.stack.url), 'reset/complete', {
      token: link,
      password: 'new password of rosa',
    });
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ password_set: true, sessions_ended: 1 });
    const [one, two] = await Promise.all([
      refusedWithin(dir.stack.url, token, 1000),
      refusedWithin(dir.second.url, token, 1000),
    ]);
    expect(one).toBeGreaterThanOrEqual(0);
    expect(two).toBeGreaterThanOrEqual(0);
    await mailTo('rosa@example.com', /was reset/);
    const old = await post(new Browser(dir.stack.url), 'login', {
      email: 'rosa@example.com',
      password: 'old password of rosa',
    });
    expect(old.status).toBe(403);
    await login('rosa@example.com', 'new password of rosa');
  });

  it('changes the password (fresh session, XSRF header) and the address (applied once verified)', async () => {
    await account('carl@example.com', 'first password of carl');
    const carl = await login('carl@example.com', 'first password of carl');
    const noXsrf = await post(carl, 'change', { current_password: 'first password of carl', password: 'x'.repeat(12) });
    expect(noXsrf.status).toBe(401);
    const wrong = await carl.send('POST', '/auth/password/change', {
      current_password: 'not it at all',
      password: 'second password of carl',
    });
    expect(wrong.status).toBe(403);
    const changed = await carl.send('POST', '/auth/password/change', {
      current_password: 'first password of carl',
      password: 'second password of carl',
    });
    expect(changed.status).toBe(200);
    await mailTo('carl@example.com', /was changed/);
    await login('carl@example.com', 'second password of carl');

    const moved = await carl.send('POST', '/auth/password/email', { email: 'carl@new.example.com' });
    expect(moved.status).toBe(202);
    await mailTo('carl@example.com', /It happens only if the new address confirms it/);
    // Not applied before the new address confirms it.
    await login('carl@example.com', 'second password of carl');
    const link = tokenIn(await mailTo('carl@new.example.com', /as the new address/), 'verify');
    const verified = await post(new Browser(dir.stack.url), 'verify', { token: link });
    expect(verified.json()).toEqual({ verified: true, email_changed: true });
    const before = await carl.userId();
    const after = await login('carl@new.example.com', 'second password of carl');
    expect(await after.userId()).toBe(before);
    const old = await post(new Browser(dir.stack.url), 'login', {
      email: 'carl@example.com',
      password: 'second password of carl',
    });
    expect(old.status).toBe(403);
  });

  it('asks a user with TOTP for the code, and refuses a blocked user', async () => {
    await account('tina@example.com', 'password of tina here');
    const tina = await login('tina@example.com', 'password of tina here');
    const { secret } = (await tina.send('POST', '/auth/totp/setup')).json() as { secret: string };
    expect((await tina.send('POST', '/auth/totp/activate', { code: await totpCode(secret, -1) })).status).toBe(200);
    const again = await post(new Browser(dir.stack.url), 'login', {
      email: 'tina@example.com',
      password: 'password of tina here',
    });
    expect(again.status).toBe(200);
    expect(again.json()).toEqual({ second_factor: 'totp' });

    await account('bob@example.com', 'password of bob here');
    const bobId = await (await login('bob@example.com', 'password of bob here')).userId();
    const blocked = await new Browser(dir.adminUrl).request('POST', `/admin/v1/users/${bobId}/block`, {
      headers: { authorization: `Bearer ${dir.workloadToken('admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'abuse' }),
    });
    expect(blocked.status).toBe(200);
    const refused = await post(new Browser(dir.stack.url), 'login', {
      email: 'bob@example.com',
      password: 'password of bob here',
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ error: 'user blocked' });
  });
});

describe('a password for a user of another provider', () => {
  it('links a password identity to the session user, verified by its link, then logs in as that user', async () => {
    const hugo = new PageBrowser(dir.stack.url);
    expect((await hugo.devLogin('hugo')).status).toBe(200);
    const devId = await hugo.userId();
    const added = await hugo.send('POST', '/auth/password/add', {
      email: 'hugo@example.com',
      password: 'hugo adds one',
    });
    expect(added.status).toBe(202);
    const link = tokenIn(await mailTo('hugo@example.com', /Confirm your address/), 'verify');
    expect((await post(new Browser(dir.stack.url), 'verify', { token: link })).status).toBe(200);
    const byPassword = await login('hugo@example.com', 'hugo adds one');
    expect(await byPassword.userId()).toBe(devId);
    const { identities } = (await hugo.send('GET', '/auth/identities')).json() as {
      identities: { provider: string }[];
    };
    expect(identities.map((i) => i.provider).sort()).toEqual(['dev', 'password']);
    const again = await hugo.send('POST', '/auth/password/add', {
      email: 'hugo2@example.com',
      password: 'hugo adds two',
    });
    expect(again.status).toBe(409);
    // An address another account has: the same answer, and its owner is told instead.
    const ivy = new PageBrowser(dir.stack.url);
    expect((await ivy.devLogin('ivy')).status).toBe(200);
    const taken = await ivy.send('POST', '/auth/password/add', { email: 'hugo@example.com', password: 'ivy tries it' });
    expect(taken.status).toBe(202);
    await mailTo('hugo@example.com', /has an account already/);
  });
});

describe('a hash brought from another system', () => {
  it('logs in with the old password on the first try, and is stored as Argon2id afterwards', async () => {
    await account('gil@example.com', 'gil has a password');
    // passlib's pbkdf2-sha256 of "password" (docs/password-accounts.md), as an import leaves it.
    const legacy = '$pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$8nX7hwFEzIB8aPajJTYK8weHQc5Ngz0pFVAKvSu4jQA';
    const db = new Client({ connectionString: dir.authDb.url });
    await db.connect();
    try {
      await db.query("UPDATE auth.passwords SET hash = $1 WHERE lower(email) = 'gil@example.com'", [legacy]);
      await login('gil@example.com', 'password');
      const { rows } = await db.query("SELECT hash FROM auth.passwords WHERE lower(email) = 'gil@example.com'");
      expect(rows[0]?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await login('gil@example.com', 'password');
    } finally {
      await db.end();
    }
  });
});

describe('password accounts administered', () => {
  const admin = async (method: string, route: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${dir.workloadToken('admin')}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await new Browser(dir.adminUrl).request(method, route, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res;
  };

  it('makes a user with a password, shows has_password, and forces a reset that ends every session', async () => {
    const made = await admin('POST', '/admin/v1/users', {
      email: 'dora@example.com',
      password: 'password set by admin',
    });
    expect(made.status).toBe(201);
    const { user, invited } = made.json() as { user: { id: string; email_verified_by: string }; invited: boolean };
    expect(invited).toBe(false);
    expect(user.email_verified_by).toBe('password');
    const dora = await login('dora@example.com', 'password set by admin');
    expect(await dora.userId()).toBe(user.id);
    const shown = (await admin('GET', `/admin/v1/users/${user.id}`)).json() as Record<string, unknown>;
    expect(shown.has_password).toBe(true);
    expect(JSON.stringify(shown)).not.toMatch(/argon2/);
    const again = await admin('POST', '/admin/v1/users', { email: 'DORA@example.com', password: 'x'.repeat(20) });
    expect(again.status).toBe(409);

    const token = (await dora.cookie('JWT')) as string;
    const reset = await admin('POST', `/admin/v1/users/${user.id}/password-reset`);
    expect(reset.status).toBe(200);
    expect(reset.json()).toEqual({ ended: 1 });
    expect(await refusedWithin(dir.second.url, token, 1000)).toBeGreaterThanOrEqual(0);
    const old = await post(new Browser(dir.stack.url), 'login', {
      email: 'dora@example.com',
      password: 'password set by admin',
    });
    expect(old.status).toBe(403);
    const link = tokenIn(await mailTo('dora@example.com', /Set a new password/), 'reset');
    expect(
      (await post(new Browser(dir.stack.url), 'reset/complete', { token: link, password: 'dora chose this one' }))
        .status,
    ).toBe(200);
    await login('dora@example.com', 'dora chose this one');
    expect(((await admin('GET', `/admin/v1/users/${user.id}`)).json() as { has_password: boolean }).has_password).toBe(
      true,
    );
  });

  it('invites a user to set a password, from the API and the CLI', async () => {
    const made = await admin('POST', '/admin/v1/users', { email: 'eve@example.com', name: 'Eve' });
    expect(made.status).toBe(201);
    const { user } = made.json() as { user: { id: string } };
    expect(((await admin('GET', `/admin/v1/users/${user.id}`)).json() as { has_password: boolean }).has_password).toBe(
      false,
    );
    const link = tokenIn(await mailTo('eve@example.com', /Set your password/), 'reset');
    expect(
      (await post(new Browser(dir.stack.url), 'reset/complete', { token: link, password: 'eve sets it here' })).status,
    ).toBe(200);
    await login('eve@example.com', 'eve sets it here');

    const cli = dir.adminCli(['users', 'create', 'fred@example.com', '--name', 'Fred']);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)).toMatchObject({ invited: true, user: { email: 'fred@example.com', name: 'Fred' } });
    await mailTo('fred@example.com', /Set your password/);
  });
});
