// Password accounts' checks through the real stack (auth with its own Postgres database, avatar,
// gateway), against real servers on loopback standing in for the internet ones: a Turnstile siteverify
// (test-kit's CaptchaVerifyServer) and a breached-password range API (BreachedPasswordsServer). The
// CAPTCHA's refusal blocks sign-up; a common or breached password is refused in words a user can act
// on; login asks for the CAPTCHA after 3 failures.

import { BreachedPasswordsServer } from '@gatehouse/test-kit/breached-passwords';
import { Browser } from '@gatehouse/test-kit/browser';
import { CaptchaVerifyServer } from '@gatehouse/test-kit/captcha';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

let db: TestDatabase;
let stack: Stack;
let captcha: CaptchaVerifyServer;
let breached: BreachedPasswordsServer;

beforeAll(async () => {
  captcha = await new CaptchaVerifyServer('turnstile-secret').start();
  // The widget ran on the gateway's own host: a token solved on another site would be refused.
  captcha.hostname = '127.0.0.1';
  breached = await new BreachedPasswordsServer(['breached but long enough']).start();
  db = await createTestDatabase('gh_gw_pw_checks');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: db.url,
    env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    serviceEnv: {
      auth: {
        AUTH_CAPTCHA_PROVIDER: 'turnstile',
        AUTH_CAPTCHA_SECRET: 'turnstile-secret',
        AUTH_CAPTCHA_VERIFY_URL: captcha.url,
        AUTH_BREACHED_PASSWORDS_URL: breached.url,
        // No sender (development): messages go to auth's log, quiet here.
        LOG_LEVEL: 'error',
      },
    },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  await captcha?.close();
  await breached?.close();
});

const post = (route: string, body: unknown) =>
  new Browser(stack.url).request('POST', `/auth/password/${route}`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let solved = 0;
/** A token the stand-in accepts once, as the widget would give. */
function solvedCaptcha(): string {
  const token = `solved-${++solved}`;
  captcha.accept(token);
  return token;
}

it('refuses a sign-up without a solved CAPTCHA, and common or breached passwords', async () => {
  const email = 'checked@example.com';
  const none = await post('signup', { email, password: 'a fine long password' });
  expect(none.status).toBe(403);
  expect(none.json()).toEqual({ error: 'CAPTCHA required: solve it, then send again' });
  const refused = await post('signup', { email, password: 'a fine long password', captcha: 'never-solved' });
  expect(refused.status).toBe(403);
  expect(refused.json()).toEqual({ error: 'the CAPTCHA was not solved: solve it again, then send again' });
  expect(captcha.requests.at(-1)).toMatchObject({ secret: 'turnstile-secret', response: 'never-solved' });

  const common = await post('signup', { email, password: 'password123', captcha: solvedCaptcha() });
  expect(common.status).toBe(400);
  expect(common.json()).toEqual({ error: expect.stringMatching(/^This password is too common; choose another/) });
  const leaked = await post('signup', { email, password: 'breached but long enough', captcha: solvedCaptcha() });
  expect(leaked.status).toBe(400);
  expect(leaked.json()).toEqual({ error: expect.stringMatching(/breach/) });
  // Only the first 5 hex characters of the SHA-1 left, with padding asked for.
  expect(breached.requests.at(-1)).toMatchObject({
    path: expect.stringMatching(/^\/range\/[0-9A-F]{5}$/),
    padding: true,
  });

  const ok = await post('signup', { email, password: 'a fine long password', captcha: solvedCaptcha() });
  expect(ok.status).toBe(202);
  // A token is single use: the same one again is refused.
  const replay = await post('reset/start', { email: 'other@example.com', captcha: `solved-${solved}` });
  expect(replay.status).toBe(403);
});

it('asks for the CAPTCHA at login after 3 failures for the address', async () => {
  const email = 'guessed@example.com';
  for (let i = 0; i < 3; i++) {
    const wrong = await post('login', { email, password: `wrong guess ${i}` });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toEqual({ error: 'incorrect email or password' });
  }
  const asked = await post('login', { email, password: 'wrong guess 3' });
  expect(asked.json()).toEqual({ error: 'CAPTCHA required: solve it, then send again' });
  const withCaptcha = await post('login', { email, password: 'wrong guess 4', captcha: solvedCaptcha() });
  expect(withCaptcha.json()).toEqual({ error: 'incorrect email or password' });
});
