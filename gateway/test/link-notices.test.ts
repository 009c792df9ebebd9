// Link and unlink notices reach the user without AUTH_LINK_BY_EMAIL (issue 43): the address a verified
// (email-link) login proved is recorded as verified, and every link and unlink of the user is told there
// through the configured sender: a real SMTP server on loopback (smtp-server), with the whole stack.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
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

/** The message body, quoted-printable decoded (nodemailer folds long lines). */
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
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push({ to, text: bodyOf(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-link-notices-'));
  const config = path.join(files, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      verified: [
        {
          name: 'email',
          sender: 'smtp',
          template: 'log in: /auth/email/login?token={{.Token}}',
          smtp: { host: '127.0.0.1', port, tls: 'none', from: 'login@gatehouse.test', subject: 'Gatehouse' },
        },
      ],
    }),
  );
  dir = await startDirectoryStack({ AUTH_CONFIG: config });
}, 90_000);

afterAll(async () => {
  await dir?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  if (files) rmSync(files, { recursive: true, force: true });
});

/** A verified (email-link) login as `user` at `address`: the message's token, redeemed. */
async function emailLogin(user: string, address: string): Promise<PageBrowser> {
  const browser = new PageBrowser(dir.stack.url);
  const before = mails.length;
  const asked = await browser.get(`/auth/email/login?user=${user}&address=${encodeURIComponent(address)}`);
  expect(asked.status).toBe(200);
  const mail = await until(() => mails.length > before && mails[mails.length - 1]);
  const token = /token=([A-Za-z0-9._-]+)/.exec(mail.text)?.[1] as string;
  const done = await browser.get(`/auth/email/login?token=${token}`);
  expect(done.status).toBe(200);
  return browser;
}

const noticesTo = (address: string, pattern: RegExp) =>
  mails.filter((m) => m.to.includes(address) && pattern.test(m.text));

it('tells the address an email-link login proved of every link and unlink', async () => {
  const nell = await emailLogin('nell', 'nell@example.com');
  expect(await nell.userId()).toBe(userId('email', 'nell@example.com'));
  // The address is not a claim of the session: /auth/user is as it was.
  expect(((await nell.send('GET', '/auth/user')).json() as { email?: string }).email).toBeUndefined();

  expect((await nell.devLink('nell-dev')).status).toBe(200);
  await until(() => noticesTo('nell@example.com', /dev login "nell-dev" was linked to your account/).length === 1);

  const unlinked = await nell.send('DELETE', `/auth/identities/${userId('dev', 'nell-dev')}`);
  expect(unlinked.status).toBe(200);
  await until(
    () =>
      noticesTo('nell@example.com', /was unlinked from your account, and every other session of your account was ended/)
        .length === 1,
  );
});
