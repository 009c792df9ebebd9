// Every kind of first-factor login ends once (issue 44): the dev provider, an OpenID Connect provider's
// callback (oidc-provider on loopback), a direct (htpasswd) login, a verified (email-link) login through
// a real SMTP server, Telegram (the telegram-bot service against a fake Bot API) and an application's own
// login handler each add one to gatehouse_auth_sessions_issued_total, under their provider and how they
// finished (`via`), and write one login.succeeded. Through real auth, avatar, telegram-bot and gateway
// processes; the second factor and passkeys are login-finish-factors.test.ts's.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fromPairs, type RunningGrpcServer, startGrpcServer, toPairs, unaryHandler } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto, type login } from '@gatehouse/proto';
import { Browser } from '@gatehouse/test-kit/browser';
import { FakeOidcIdp } from '@gatehouse/test-kit/fakes/oidc-idp';
import { freePort } from '@gatehouse/test-kit/stack';
import { until } from '@gatehouse/test-kit/until';
import { userId } from '@gatehouse/token';
import bcrypt from 'bcryptjs';
import { SMTPServer } from 'smtp-server';
import { FakeBotApi } from '../../telegram-bot/test/fake-bot-api';
import { expectSession, type LoginFinishStack, startLoginFinishStack } from './login-finish-stack';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const log = createLogger({ name: 'fixture-handler', level: 'silent' });

let s: LoginFinishStack;
let dir: string;
let smtp: SMTPServer;
let fixture: RunningGrpcServer;
const idp = new FakeOidcIdp();
const bot = new FakeBotApi();
const mails: string[] = [];

/** An application's login handler: logs in whoever names themselves. */
const fixtureHandler: login.LoginHandlerHandlers = {
  Login: unaryHandler(log, async (req: login.HttpRequest__Output) => {
    const name = fromPairs(req.query).name ?? '';
    const user = { name, id: `fixture_${sha1(name)}`, picture: '' };
    const body = Buffer.from(JSON.stringify(user));
    return {
      status: 200,
      headers: toPairs({ 'content-type': 'application/json' }),
      body,
      userJson: JSON.stringify(user),
    };
  }),
  Callback: unaryHandler(log, async () => ({ status: 200, headers: [], body: Buffer.alloc(0) })),
  Logout: unaryHandler(log, async () => ({ status: 200, headers: [], body: Buffer.alloc(0) })),
};

beforeAll(async () => {
  await idp.start();
  await bot.listen();
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
  const lh = loadProto('login');
  fixture = await startGrpcServer({
    name: 'fixture-login',
    host: '127.0.0.1',
    port: await freePort(),
    log,
    definitions: [lh.definition],
    services: [{ definition: lh.grpcObject.login.v1.LoginHandler.service, implementation: fixtureHandler }],
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-login-finish-'));
  const htpasswd = path.join(dir, 'users.htpasswd');
  writeFileSync(htpasswd, `pat:${bcrypt.hashSync('pat-pw', 4)}\n`);
  const smtpSettings = { host: '127.0.0.1', port: (smtp.server.address() as AddressInfo).port, tls: 'none' };
  const config = path.join(dir, 'auth.json');
  writeFileSync(
    config,
    JSON.stringify({
      providers: [
        { name: 'corp', type: 'oidc', issuer: idp.url, clientId: 'corp-rp', clientSecret: 'corp-secret-0123456789' },
      ],
      direct: [{ name: 'local', htpasswd }],
      verified: [
        {
          name: 'email',
          sender: 'smtp',
          template: 'log in: /auth/email/login?token={{.Token}}',
          smtp: { ...smtpSettings, from: 'login@gatehouse.test', subject: 'Login' },
        },
      ],
    }),
  );
  s = await startLoginFinishStack({
    services: ['auth', 'avatar', 'telegram-bot', 'gateway'],
    env: (ports) => {
      idp.setClients([
        {
          client_id: 'corp-rp',
          client_secret: 'corp-secret-0123456789',
          redirect_uris: [`http://127.0.0.1:${ports.gateway}/auth/corp/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ]);
      return {
        AUTH_CONFIG: config,
        TELEGRAM_BOT_TOKEN: bot.token,
        TELEGRAM_API_URL: bot.url,
        TELEGRAM_POLL_TIMEOUT: '1s',
        AUTH_LOGIN_HANDLERS: `telegram=127.0.0.1:${ports.telegram},fixture=127.0.0.1:${fixture.port}`,
      };
    },
  });
}, 90_000);

afterAll(async () => {
  await s?.stop();
  await fixture?.shutdown(100);
  await bot.close();
  await idp.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An OpenID Connect login at `corp`: the provider's own redirects, then the callback's answer. */
async function oidcLogin(browser: Browser): Promise<void> {
  const start = await browser.get('/auth/corp/login');
  let next = new URL(start.headers.get('location') as string).href;
  for (let hops = 0; hops < 6 && !next.startsWith(s.url); hops++) {
    const res = await browser.request('GET', next);
    next = new URL(res.headers.get('location') as string, next).href;
  }
  expectSession(await browser.request('GET', next));
}

/** An email-link login: the link's token from the mail the SMTP server received. */
async function emailLogin(browser: Browser, address: string): Promise<void> {
  const before = mails.length;
  expect((await browser.get(`/auth/email/login?user=vera&address=${encodeURIComponent(address)}`)).status).toBe(200);
  const mail = await until(() => mails.length > before && mails[mails.length - 1]);
  // Quoted-printable, as nodemailer folds the token's long line.
  const text = mail
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const token = /token=([A-Za-z0-9._-]+)/.exec(text)?.[1] as string;
  expectSession(await browser.get(`/auth/email/login?token=${token}`));
}

/** A Telegram login: /start with the login's token in the bot chat, Confirm, then the browser's poll. */
async function telegramLogin(browser: Browser, from: { id: number; first_name: string }): Promise<void> {
  const { token } = (await browser.get('/auth/telegram/login')).json() as { token: string };
  bot.sendText(from, `/start ${token}`);
  const prompt = await until(() => bot.buttonIn(from.id, 'Confirm'), 15_000);
  const press = bot.press(from, prompt, 'Confirm');
  await until(() => bot.answerTo(press) !== undefined, 15_000);
  const done = await until(async () => {
    const res = await browser.get(`/auth/telegram/login?token=${token}`);
    return res.status === 200 && res;
  }, 15_000);
  expectSession(done);
}

test.each([
  ['the dev provider', `dev_${sha1('dana')}`, 'dev/oauth2', (b: Browser) => b.devLogin('dana').then(expectSession)],
  [
    'an OpenID Connect provider',
    `corp_${sha1('oscar-sub')}`,
    'corp/oauth2',
    (b: Browser) => {
      idp.nextUser = { sub: 'oscar-sub', name: 'Oscar', email: 'oscar@example.com' };
      return oidcLogin(b);
    },
  ],
  [
    'a direct (htpasswd) provider',
    `local_${sha1('pat')}`,
    'local/handler',
    (b: Browser) => b.get('/auth/local/login?user=pat&passwd=pat-pw').then(expectSession),
  ],
  [
    'a verified (email-link) provider',
    userId('email', 'vera@example.com'),
    'email/handler',
    (b: Browser) => emailLogin(b, 'vera@example.com'),
  ],
  [
    'Telegram',
    `telegram_${sha1('7201')}`,
    'telegram/handler',
    (b: Browser) => telegramLogin(b, { id: 7201, first_name: 'Tim' }),
  ],
  [
    "an application's login handler",
    `fixture_${sha1('fay')}`,
    'fixture/handler',
    (b: Browser) => b.get('/auth/fixture/login?name=fay').then(expectSession),
  ],
])(
  'a login through %s counts once, by how it finished, and writes one login.succeeded',
  async (_kind, userId, series, login) => {
    const left = await s.counted(userId, () => login(new Browser(s.url)));
    expect(left).toEqual({ issued: { [series]: 1 }, succeeded: 1 });
  },
  30_000,
);
