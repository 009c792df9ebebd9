// The link's cookies (link.ts): written with the login handshake's policy, so a provider that answers
// with a cross-site form_post (Sign in with Apple; SameSite=None with Secure) brings them back, and the
// callback finds the session token it was started from even when the browser sent no Lax cookie.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { handshakeCookiePolicy } from '../kit';
import { LINK_HANDSHAKE_COOKIE, LINK_SESSION_COOKIE, setLinkHandshake, takeLink } from './link';

const SECURE = { sameSite: 'lax' as const, secure: true };
const handshake = { token: 'handshake.jwt', jti: 'j1', maxAgeSeconds: 1800 };

async function answer(handle: Koa.Middleware, cookie?: string) {
  const app = new Koa();
  app.use(handle);
  const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      headers: cookie ? { cookie } : {},
    });
    return { setCookies: res.headers.getSetCookie(), body: await res.text() };
  } finally {
    server.close();
  }
}

test("a form_post link's cookies are SameSite=None and Secure, a query link's keep the site's policy", async () => {
  const apple = handshakeCookiePolicy('https://appleid.example/auth?response_mode=form_post', SECURE);
  const { setCookies } = await answer((ctx) => setLinkHandshake(ctx, apple, handshake, 'session.jwt'));
  expect(setCookies).toHaveLength(2);
  expect(setCookies.find((c) => c.startsWith(`${LINK_HANDSHAKE_COOKIE}=handshake.jwt`))).toMatch(
    /HttpOnly.*Secure.*SameSite=None|SameSite=None.*Secure|Secure.*SameSite=None/i,
  );
  const session = setCookies.find((c) => c.startsWith(`${LINK_SESSION_COOKIE}=session.jwt`)) ?? '';
  expect(session).toMatch(/SameSite=None/i);
  expect(session).toMatch(/Secure/);
  expect(session).toMatch(/HttpOnly/);
  expect(session).toMatch(/Path=\/auth/);

  const github = handshakeCookiePolicy('https://github.example/login/oauth/authorize?state=x', SECURE);
  const query = await answer((ctx) => setLinkHandshake(ctx, github, handshake, 'session.jwt'));
  for (const c of query.setCookies) expect(c).toMatch(/SameSite=Lax/i);
});

test('the callback takes the session token from the link cookie when no Lax cookie came, and expires both', async () => {
  const taken = await answer((ctx) => {
    ctx.body = takeLink(ctx, SECURE) ?? null;
  }, `${LINK_HANDSHAKE_COOKIE}=handshake.jwt; ${LINK_SESSION_COOKIE}=session.jwt`);
  expect(JSON.parse(taken.body)).toEqual({ handshakeToken: 'handshake.jwt', linkSessionToken: 'session.jwt' });
  expect(taken.setCookies.map((c) => c.split('=')[0])).toEqual([LINK_HANDSHAKE_COOKIE, LINK_SESSION_COOKIE]);
  for (const c of taken.setCookies) expect(c).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

  // A link started before this change (no session cookie of its own) still finds the session's JWT.
  const older = await answer((ctx) => {
    ctx.body = takeLink(ctx, SECURE) ?? null;
  }, `${LINK_HANDSHAKE_COOKIE}=handshake.jwt; JWT=session.jwt`);
  expect(JSON.parse(older.body)).toEqual({ handshakeToken: 'handshake.jwt', linkSessionToken: 'session.jwt' });
  // No link cookie: an ordinary login's callback.
  const none = await answer((ctx) => {
    ctx.body = takeLink(ctx, SECURE) ?? 'none';
  });
  expect(none.body).toBe('none');
});
