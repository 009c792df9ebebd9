// Organisation invitations with a sender configured: the link goes by email (a real SMTP server on
// loopback, through the verified login's sender) and never to the inviter; the invited person proves the
// address by the email login itself, and then accepts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { SMTPServer } from 'smtp-server';
import { PageBrowser } from './directory-stack';

let stack: Stack;
let smtp: SMTPServer;
let authDb: TestDatabase;
let dir: string;
const mails: { to: string[]; body: string }[] = [];

/** The message body, quoted-printable decoded (nodemailer folds long lines). */
const decoded = (raw: string) =>
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
          body: decoded(Buffer.concat(chunks).toString()),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-orgs-mail-'));
  const config = path.join(dir, 'auth.json');
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
  authDb = await createTestDatabase('gh_gw_orgs_mail');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: authDb.url,
    env: {
      AUTH_CONFIG: config,
      AUTH_ORG_CREATE: 'anyone',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await authDb?.drop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** The newest mail to `address`, once it has come. */
const mailTo = (address: string, after: number) =>
  until(() => mails.slice(after).find((m) => m.to.includes(address)), { what: `a mail to ${address}` });

it('sends the invitation by email, not to the inviter, and the address proved by email login accepts it', async () => {
  const owner = new PageBrowser(stack.url);
  expect((await owner.devLogin('org-mail-owner')).status).toBe(200);
  const made = await owner.send('POST', '/auth/orgs', { name: 'Mail', slug: 'mail-corp' });
  const orgId = (made.json() as { id: string }).id;

  const before = mails.length;
  const invited = await owner.send('POST', `/auth/orgs/${orgId}/invitations`, {
    email: 'gil@mail.test',
    roles: ['member'],
  });
  expect(invited.status).toBe(201);
  expect(invited.json()).not.toHaveProperty('token');
  const invitation = await mailTo('gil@mail.test', before);
  const token = /\/auth\/invitations\/([A-Za-z0-9_-]+)\/accept/.exec(invitation.body)?.[1] as string;
  expect(invitation.body).toContain('You are invited to Mail');

  // Gil logs in by the email login, which proves the address to the directory.
  const loginMails = mails.length;
  const gil = new PageBrowser(stack.url);
  expect((await gil.get('/auth/email/login?user=gil&address=gil%40mail.test')).status).toBe(200);
  const link = /token=([A-Za-z0-9._-]+)/.exec((await mailTo('gil@mail.test', loginMails)).body)?.[1] as string;
  expect((await gil.get(`/auth/email/login?token=${link}`)).status).toBe(200);

  const accepted = await gil.send('POST', `/auth/invitations/${token}/accept`);
  expect([accepted.status, accepted.json()]).toMatchObject([200, { id: orgId, roles: ['member'] }]);
  expect((await gil.send('POST', `/auth/orgs/${orgId}/switch`)).status).toBe(200);
  expect((await gil.send('GET', '/auth/user')).json()).toMatchObject({
    attrs: { org: orgId, org_slug: 'mail-corp', org_roles: ['member'], org_perms: ['billing:read'] },
  });
}, 60_000);
