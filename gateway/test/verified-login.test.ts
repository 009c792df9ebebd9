// Verified (email) login end to end through real processes: the auth service renders the template and
// sends it through nodemailer to a real SMTP server on loopback (smtp-server), or through the
// application's Send hook (a hooks server built with the SDK); the token in the message logs in once.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type RunningHooks, serveHooks } from '@gatehouse/hooks-sdk';
import { createLogger } from '@gatehouse/logger';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { Redis } from 'ioredis';
import { decodeJwt, SignJWT } from 'jose';
import { SMTPServer } from 'smtp-server';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `gh-test-verified:${randomBytes(6).toString('hex')}:`;

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** The message body, quoted-printable decoded (nodemailer folds long lines such as the token's). */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// Each request speaks from its own client address (one trusted proxy appends X-Forwarded-For), so the
// per-address limit is only reached where a test means to reach it.
let nextIp = 1;
const fromIp = () => ({ 'x-forwarded-for': `10.2.0.${nextIp++}` });

const tokenIn = (text: string) => /token=([A-Za-z0-9._-]+)/.exec(text)?.[1] as string;

let stack: Stack;
let smtp: SMTPServer;
let hooks: RunningHooks;
let dir: string;
const mails: Mail[] = [];
const sent: { address: string; text: string; provider: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  hooks = await serveHooks(
    {
      async send(address, text, provider) {
        if (address === 'down@example.com') throw new Error('chat service is down');
        sent.push({ address, text, provider });
      },
    },
    { port: 0, log: createLogger({ name: 'app-hooks', level: 'silent' }) },
  );

  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-verified-'));
  const config = path.join(dir, 'auth.yaml');
  writeFileSync(
    config,
    JSON.stringify({
      verified: [
        {
          name: 'email',
          sender: 'smtp',
          template: 'Hello {{.User}} <{{.Address}}>, log in to {{.Site}}: /auth/email/login?token={{.Token}}',
          smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none', from: 'login@gatehouse.test', subject: 'Your login' },
        },
        { name: 'chat', sender: 'hook', template: 'code token={{.Token}}' },
      ],
    }),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: {
      AUTH_CONFIG: config,
      AUTH_HOOKS_ADDR: `127.0.0.1:${hooks.port}`,
      AUTH_HOOKS: 'send',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      AUTH_ALLOWED_REDIRECT_HOSTS: 'app.example.com',
      AUTH_LIMIT_VERIFY_ADDRESS: '2/1h',
      AUTH_LIMIT_VERIFY_IP: '3/1h',
      GATEWAY_TRUSTED_PROXIES: '1',
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await hooks?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

async function requestMail(user: string, address: string, query = ''): Promise<string> {
  const before = mails.length;
  const res = await new Browser(stack.url).get(
    `/auth/email/login?user=${encodeURIComponent(user)}&address=${encodeURIComponent(address)}${query}`,
    fromIp(),
  );
  expect([res.status, res.json()]).toEqual([200, { address, user }]);
  expect(mails).toHaveLength(before + 1);
  return bodyOf(mails[mails.length - 1]?.raw as string);
}

it('sends the rendered, HTML-escaped template by SMTP, and its token logs in once', async () => {
  const text = await requestMail('<b>Ann</b>', 'ann@example.com', '&site=news');
  const mail = mails[mails.length - 1] as Mail;
  expect(mail.to).toEqual(['ann@example.com']);
  expect(mail.from).toBe('login@gatehouse.test');
  expect(mail.raw).toMatch(/^Subject: Your login\r$/m);
  expect(text).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; <ann@example.com>, log in to news:');

  const token = tokenIn(text);
  expect(decodeJwt(token)).toMatchObject({ aud: 'news', auth_provider: { name: 'email' } });
  const browser = new Browser(stack.url);
  const done = await browser.get(`/auth/email/login?token=${token}`);
  const id = `email_${sha1('ann@example.com')}`;
  expect([done.status, done.json()]).toEqual([
    200,
    { name: '<b>Ann</b>', id, picture: `${stack.url}/avatar/${sha1(id)}.image` },
  ]);
  expect((await browser.getWithXsrf('/auth/user')).json()).toMatchObject({ id, aud: 'news' });

  const again = await new Browser(stack.url).get(`/auth/email/login?token=${token}`);
  expect([again.status, again.json()]).toEqual([403, { error: 'confirmation token already consumed' }]);
});

it('refuses an expired confirmation token and a tampered one', async () => {
  const token = tokenIn(await requestMail('Bea', 'bea@example.com'));
  const claims = decodeJwt(token);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ ...claims, exp: past, nbf: past - 1800 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.env.AUTH_SECRET));
  for (const bad of [expired, `${token.slice(0, -2)}xx`]) {
    const res = await new Browser(stack.url).get(`/auth/email/login?token=${bad}`);
    expect([res.status, res.json()]).toEqual([403, { error: 'failed to verify confirmation token' }]);
  }
  // The genuine one is still good: the refused attempts did not use it up.
  expect((await new Browser(stack.url).get(`/auth/email/login?token=${token}`)).status).toBe(200);
});

it('redirects to an allowed `from` with 303 after login, and answers JSON for any other', async () => {
  const allowed = 'https://app.example.com/welcome';
  const t1 = tokenIn(await requestMail('Cid', 'cid@example.com', `&from=${encodeURIComponent(allowed)}`));
  const ok = await new Browser(stack.url).get(`/auth/email/login?token=${t1}&session=1`);
  expect([ok.status, ok.headers.get('location')]).toEqual([303, allowed]);
  expect(ok.cookies[0]).not.toMatch(/Max-Age/);

  const t2 = tokenIn(await requestMail('Dot', 'dot@example.com', `&from=${encodeURIComponent('https://evil.test/')}`));
  const json = await new Browser(stack.url).get(`/auth/email/login?token=${t2}`);
  expect([json.status, json.headers.get('location')]).toEqual([200, null]);
  expect(json.json()).toMatchObject({ name: 'Dot' });
});

it('sends through the application Send hook, and a token of one provider does not work for another', async () => {
  const res = await new Browser(stack.url).get('/auth/chat/login?user=Eve&address=eve-chat-42', fromIp());
  expect([res.status, res.json()]).toEqual([200, { address: 'eve-chat-42', user: 'Eve' }]);
  const message = sent.find((s) => s.address === 'eve-chat-42');
  expect(message?.provider).toBe('chat');
  const token = tokenIn(message?.text as string);
  const wrong = await new Browser(stack.url).get(`/auth/email/login?token=${token}`);
  expect(wrong.status).toBe(403);
  const done = await new Browser(stack.url).get(`/auth/chat/login?token=${token}`);
  expect([done.status, done.json()]).toMatchObject([200, { name: 'Eve', id: `chat_${sha1('eve-chat-42')}` }]);

  const down = await new Browser(stack.url).get('/auth/chat/login?user=Fay&address=down@example.com', fromIp());
  expect([down.status, down.json()]).toEqual([500, { error: 'failed to send confirmation' }]);
});

it('answers 400 without user or address', async () => {
  const res = await new Browser(stack.url).get('/auth/email/login?user=Gus', fromIp());
  expect([res.status, res.json()]).toEqual([400, { error: "can't get user and address" }]);
});

it('refuses an address that is really a list of recipients, and sends nothing', async () => {
  const before = mails.length;
  for (const address of [
    'victim@example.com, other@example.com',
    'victim@example.com;x@y.z',
    'Eve <eve@example.com>',
  ]) {
    const res = await new Browser(stack.url).get(
      `/auth/email/login?user=Eve&address=${encodeURIComponent(address)}`,
      fromIp(),
    );
    expect([res.status, res.json()]).toEqual([400, { error: 'address must be a single recipient' }]);
  }
  expect(mails).toHaveLength(before);
});

it('limits messages per address: over the limit 429 with Retry-After, and no message is sent', async () => {
  await requestMail('Hal', 'hal@example.com');
  await requestMail('Hal', 'HAL@example.com');
  const before = mails.length;
  const res = await new Browser(stack.url).get('/auth/email/login?user=Hal&address=hal@example.com', fromIp());
  expect([res.status, res.json()]).toEqual([429, { error: 'too many confirmation requests' }]);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(mails).toHaveLength(before);
});

it('limits messages per client address behind the trusted proxy', async () => {
  const ask = (address: string, real: string) =>
    new Browser(stack.url).get(`/auth/email/login?user=Ivy&address=${address}`, {
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}, ${real}`,
    });
  for (const n of [1, 2, 3]) expect((await ask(`ivy${n}@example.com`, '10.3.3.3')).status).toBe(200);
  const before = mails.length;
  const limited = await ask('ivy4@example.com', '10.3.3.3');
  expect([limited.status, limited.json()]).toEqual([429, { error: 'too many confirmation requests' }]);
  expect(mails).toHaveLength(before);
  expect((await ask('ivy4@example.com', '10.3.3.4')).status).toBe(200);
});
