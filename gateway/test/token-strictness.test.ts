// Correctly signed tokens the gateway must still refuse: a provider that is not configured, another
// issuer, no exp, another HMAC, a non-canonical spelling, claims of the wrong type, NUL in the user.

import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { SignJWT } from 'jose';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ services: ['auth', 'avatar', 'gateway'] });
}, 60_000);

afterAll(() => stack?.stop());

const user = { name: 'mallory', id: 'dev_0123456789', picture: '' };

async function forge(claims: Record<string, unknown>, alg = 'HS256', exp: string | null = '10m') {
  let jwt = new SignJWT({ iss: 'gatehouse', aud: 'gatehouse', jti: 'j1', user, ...claims }).setProtectedHeader({
    alg,
    typ: 'JWT',
  });
  if (exp) jwt = jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(stack.env.AUTH_SECRET));
}

const userWith = async (token: string) => {
  const res = await fetch(`${stack.url}/auth/user`, { headers: { 'x-jwt': token } });
  return { status: res.status, body: (await res.json()) as { error?: string } };
};

it('accepts a well-formed token of a configured provider (the control case)', async () => {
  expect((await userWith(await forge({ auth_provider: { name: 'dev' } }))).status).toBe(200);
});

it.each([
  [
    'a provider that is not configured',
    { user: { ...user, id: 'provider3__x' }, auth_provider: { name: 'provider3_' } },
  ],
  ['an id prefix of no configured provider', { user: { ...user, id: 'gone_0123' } }],
  ['another issuer', { iss: 'elsewhere' }],
  ['a claim of the wrong type', { auth_time: 'x' }],
  ['a NUL in the user id', { user: { ...user, id: 'dev_a\u0000b' } }],
])('refuses %s with 401', async (_what, claims) => {
  const res = await userWith(await forge(claims));
  expect(res.status).toBe(401);
});

it('refuses a token without exp, or signed with HS512', async () => {
  expect((await userWith(await forge({}, 'HS256', null))).status).toBe(401);
  expect((await userWith(await forge({}, 'HS512'))).status).toBe(401);
});

it('refuses another spelling of a good token', async () => {
  const token = await forge({});
  expect((await userWith(token)).status).toBe(200);
  expect((await userWith(`${token}=`)).status).toBe(401);
});

it('a real dev login still works end to end', async () => {
  const browser = new Browser(stack.url);
  expect((await browser.devLogin('alice')).status).toBe(200);
  expect((await browser.getWithXsrf('/auth/user')).status).toBe(200);
});
