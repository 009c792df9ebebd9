import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import {
  answerLogin,
  answerTheRest,
  apiRouter,
  bodyOf,
  bodyReader,
  type CookiePolicy,
  LOGIN_DEADLINE_MS,
  limited,
  loginQuery,
  requireFreshLogin,
  requireUser,
  sessionUser,
} from '../kit';

export interface PasswordRoutesDeps {
  passwords: PromiseClient<auth.PasswordServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

// Every field bounded at the edge: a password up to 1024 code points fits in 4096 UTF-16 units.
const email = z
  .string()
  .trim()
  .min(3, 'email is required')
  .max(254, 'email is too long')
  .email('email must be an email address');
const password = z.string().min(1, 'password is required').max(4096, 'password is too long');
const captcha = z.string().max(4096).optional();
export const tokenBody = z.strictObject({
  token: z.string().min(1, 'token is required').max(200, 'token is not a link token'),
});
const token = z.string().min(1, 'token is required').max(200, 'token is not a link token');

export const signupBody = z.strictObject({ email, password, name: z.string().max(256).optional(), captcha });
export const loginBody = z.strictObject({ email, password, captcha });
export const resetStartBody = z.strictObject({ email, captcha });
export const resetCompleteBody = z.strictObject({ token, password });
export const changeBody = z.strictObject({ current_password: password, password });
export const emailBody = z.strictObject({ email });
export const addBody = z.strictObject({ email, password });

const readJson = bodyReader('json', { limit: '16kb', typeRequired: 'send the body as application/json' });

async function body<T>(ctx: Koa.Context, schema: z.ZodType<T>): Promise<T> {
  await readJson(ctx);
  return bodyOf(ctx, schema);
}

// The answers that must not tell whether an address has an account: one text each, whatever happened.
const SENT = 'check your inbox: if this address can be used, a message with a link is on its way';
const RESET_SENT = 'check your inbox: if an account uses this address, a message with a reset link is on its way';
const TOO_MANY = 'too many attempts: wait, then try again';
const FRESH = 'changing the password needs a recent login: log in again, then retry within 5 minutes';
const FRESH_ADD = 'adding a password needs a recent login: log in again, then retry within 5 minutes';

function caller(ctx: Koa.Context): auth.PasswordCaller {
  const user = sessionUser(ctx, 'this needs a session', { jti: true });
  return { userId: user.id, sessionJti: user.jti ?? '', client: clientInfo(ctx) };
}

/**
 * /auth/password/*: password accounts (docs/password-accounts.md). Sign-up, verification, login and the
 * reset are public (JSON bodies); a change of password or address acts for the logged-in user (cookie
 * session and XSRF header, as every authenticated route; a change of password after a fresh login).
 */
export function passwordRoutes(deps: PasswordRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth/password', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);
  const { passwords } = deps;

  router.post('/signup', async (ctx) => {
    const b = await body(ctx, signupBody);
    const res = await passwords.signup({ ...b, name: b.name ?? '', captcha: b.captcha ?? '', client: clientInfo(ctx) });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, TOO_MANY);
    ctx.status = 202;
    ctx.body = { status: 'sent', message: SENT };
  });

  router.post('/verify', async (ctx) => {
    const b = await body(ctx, tokenBody);
    const res = await passwords.verify(b);
    ctx.body = { verified: true, email_changed: res.emailChanged };
  });

  router.post('/login', async (ctx) => {
    const b = await body(ctx, loginBody);
    const { site, sessionOnly, from } = loginQuery(ctx);
    const res = await passwords.login(
      { ...b, captcha: b.captcha ?? '', site, sessionOnly, redirectUrl: from, client: clientInfo(ctx) },
      { deadlineMs: LOGIN_DEADLINE_MS },
    );
    if (!res.session && !res.secondFactorPending) return limited(ctx, res.retryAfterSeconds || 1, TOO_MANY);
    // The JSON answer (user or second factor), never a redirect: the page's fetch follows none.
    answerLogin(ctx, deps.cookies, { ...res, redirectUrl: '' });
  });

  router.post('/reset/start', async (ctx) => {
    const b = await body(ctx, resetStartBody);
    const res = await passwords.resetStart({ ...b, captcha: b.captcha ?? '', client: clientInfo(ctx) });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, TOO_MANY);
    ctx.status = 202;
    ctx.body = { status: 'sent', message: RESET_SENT };
  });

  router.post('/reset/complete', async (ctx) => {
    const b = await body(ctx, resetCompleteBody);
    const res = await passwords.resetComplete(b);
    // Every session of the user ended: refused here at once, the other gateways told by the auth service.
    for (const e of res.endedSessions) deps.authenticator.endSessionUntil(e.jti, Number(e.untilUnixMs));
    ctx.body = { password_set: true, sessions_ended: res.endedSessions.length };
  });

  router.post('/change', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const b = await body(ctx, changeBody);
    const res = await passwords.changePassword({
      caller: caller(ctx),
      currentPassword: b.current_password,
      password: b.password,
    });
    for (const e of res.endedSessions) deps.authenticator.endSessionUntil(e.jti, Number(e.untilUnixMs));
    ctx.body = { changed: true, other_sessions_ended: res.endedSessions.length };
  });

  router.post('/email', user, async (ctx) => {
    const b = await body(ctx, emailBody);
    const res = await passwords.changeEmail({ caller: caller(ctx), email: b.email });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, TOO_MANY);
    ctx.status = 202;
    ctx.body = { status: 'sent', message: 'follow the link sent to the new address to apply the change' };
  });

  // A password for a user of another provider: linked to the session's user, as a link is (fresh login).
  router.post('/add', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH_ADD);
    const b = await body(ctx, addBody);
    const res = await passwords.addPassword({ caller: caller(ctx), email: b.email, password: b.password });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, TOO_MANY);
    ctx.status = 202;
    ctx.body = { status: 'sent', message: 'follow the link sent to this address to log in with it' };
  });

  answerTheRest(router, 'no such password route');
  return router;
}
