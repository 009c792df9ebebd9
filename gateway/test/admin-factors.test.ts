// Which logins the admin API takes from an admin user (issue 43, M2; docs/accounts.md "Administration"):
// two factors, by `mfa` (a TOTP code after the first factor) or a passkey with user verification, never
// the `otp` a verified (email-link) login carries alone. Through real auth (its own database: directory,
// TOTP, passkeys), avatar and a gateway with its admin listener; mail goes through a real SMTP server
// on loopback (smtp-server), passkeys through a software authenticator (test/fakes/passkey-authenticator.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { SoftPasskey } from '@gatehouse/test-kit/fakes/passkey-authenticator';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import { SMTPServer } from 'smtp-server';
import { loggedIn, PageBrowser } from './directory-stack';

const ADDRESS = 'vera@example.com';
const VERA = userId('email', ADDRESS);
const ROOT_USER = userId('dev', 'root');

let stack: Stack;
let db: TestDatabase;
let smtp: SMTPServer;
let dir: string;
const mails: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-admin-factors-'));
  const config = path.join(dir, 'auth.json');
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  writeFileSync(
    config,
    JSON.stringify({
      verified: [
        {
          name: 'email',
          sender: 'smtp',
          template: 'log in: /auth/email/login?token={{.Token}}',
          smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none', from: 'login@gatehouse.test', subject: 'Login' },
        },
      ],
    }),
  );
  db = await createTestDatabase('gh_gw_admin_factors');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    // WebAuthn's relying-party id is AUTH_URL's host: a domain, so localhost.
    env: (ports) => ({
      AUTH_URL: `http://localhost:${ports.gateway}`,
      AUTH_CONFIG: config,
      AUTH_ADMIN_USERS: [VERA, ROOT_USER].join(','),
      AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    }),
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Browsers use AUTH_URL's host, so the cookies the gateway sets are sent back (the admin port too).
const site = () => `http://localhost:${stack.ports.gateway}`;
const adminUrl = () => `http://localhost:${stack.ports.admin}`;

/** GET /admin/v1/users as the page does: the browser's session cookie and its XSRF header. */
async function listUsers(b: PageBrowser) {
  return b.request('GET', `${adminUrl()}/admin/v1/users?query=v`, { headers: { 'x-xsrf-token': await b.xsrf() } });
}

/** A verified (email-link) login of vera: the link's token from the mail the SMTP server received. */
async function emailLogin(): Promise<PageBrowser> {
  const before = mails.length;
  const b = new PageBrowser(site());
  const asked = await b.get(`/auth/email/login?user=vera&address=${encodeURIComponent(ADDRESS)}`);
  expect(asked.status).toBe(200);
  const mail = await until(() => mails.length > before && mails[mails.length - 1]);
  // Quoted-printable, as nodemailer folds the token's long line.
  const text = mail
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const token = /token=([A-Za-z0-9._-]+)/.exec(text)?.[1] as string;
  const done = await b.get(`/auth/email/login?token=${token}`);
  expect(done.status).toBe(200);
  return b;
}

describe('an admin user at the admin API', () => {
  it('is refused with 403 after an email-link login alone (its amr is otp, one factor)', async () => {
    const vera = await emailLogin();
    expect(await vera.userId()).toBe(VERA);
    const refused = await listUsers(vera);
    expect(refused.status).toBe(403);
    expect((refused.json() as { error: string }).error).toMatch(/second factor/);
  });

  it('is let in after the same login and a TOTP code (mfa)', async () => {
    const first = await emailLogin();
    const { secret } = (await first.send('POST', '/auth/totp/setup')).json() as { secret: string };
    const code = (steps: number) => totpCode(secret, steps);
    expect((await first.send('POST', '/auth/totp/activate', { code: await code(-1) })).status).toBe(200);

    // With TOTP on, the link's login waits for the code: no session yet.
    const pending = await emailLogin();
    expect(await pending.cookie('JWT')).toBeUndefined();
    expect((await listUsers(pending)).status).toBe(401);
    const verified = await pending.request('POST', '/auth/totp/verify', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: await code(0) }),
    });
    expect(verified.status).toBe(200);
    expect((await listUsers(pending)).status).toBe(200);
  });

  it('is let in after a passkey login (user verified), and refused after the dev login alone', async () => {
    const root = await loggedIn(site(), 'root');
    expect((await listUsers(root)).status).toBe(403);
    const authenticator = new SoftPasskey(site());
    const options = await root.send('POST', '/auth/passkey/register/options');
    expect(options.status).toBe(200);
    const registered = await root.send('POST', '/auth/passkey/register/verify', {
      response: authenticator.create(options.json() as Parameters<SoftPasskey['create']>[0]),
    });
    expect(registered.status).toBe(200);

    const b = new PageBrowser(site());
    const request = await b.request('POST', '/auth/passkey/login/options');
    const login = await b.send('POST', '/auth/passkey/login/verify', {
      response: authenticator.get(request.json() as Parameters<SoftPasskey['get']>[0]),
    });
    expect([login.status, (login.json() as { id: string }).id]).toEqual([200, ROOT_USER]);
    expect((await listUsers(b)).status).toBe(200);
  });
});
