import type http from 'node:http';
import { PROVIDER_NAME } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import { requestIdFrom } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { JWT_COOKIE } from '@gatehouse/token';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import type { Authenticator } from '../auth/authenticator';
import { clientInfo } from '../auth/client-info';
import { type CookiePolicy, clearTokenCookies, setTokenCookies, type TokenCookie } from '../auth/cookies';
import { authenticate } from '../middleware/authenticate';
import { strictBody } from '../middleware/bodies';
import { HttpError } from '../middleware/errors';
import { NO_STORE, securityHeaders, USER_ANSWER_HEADERS } from '../middleware/security-headers';
import { REQUEST_ID_HEADER } from '../middleware/trace';

export interface AuthRoutesDeps {
  auth: PromiseClient<auth.AuthServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
  /** A login held back for a TOTP code (docs/accounts.md "Second factor (TOTP)"): the pending cookie and answer. */
  answerSecondFactor?: (ctx: Koa.Context, pending: TokenCookie, redirect: boolean) => void;
  /** Told of every finished login callback (metrics). */
  loginFinished?: (provider: string, outcome: 'success' | 'failure') => void;
}

/**
 * Deadline of the calls that finish a login: the auth service may spend a provider timeout on the code
 * exchange, another on user info (or OIDC discovery), and up to 15 s storing the avatar. Cutting it
 * shorter would waste the one-time code the browser brought.
 */
export const LOGIN_DEADLINE_MS = 45_000;

/** Provider names travel in paths: no separators, no URL metacharacters. */

/**
 * `session=1` asks for a session cookie; `0`, `false` or nothing for a persistent one (go-pkgz treats
 * `false` as true; we don't). `session` wins over the legacy `sess`.
 */
export function wantsSessionCookie(query: Koa.Context['query']): boolean {
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const value = first(query.session) ?? first(query.sess);
  if (typeof value !== 'string' || value === '') return false;
  return !['0', 'false'].includes(value.toLowerCase());
}

function queryText(ctx: Koa.Context, name: string): string {
  const v = ctx.query[name];
  const text = Array.isArray(v) ? v[0] : v;
  return typeof text === 'string' ? text.slice(0, 2048) : '';
}

/** Callback parameters: the query, plus the form fields of a form_post callback. */
function callbackParams(ctx: Koa.Context): { name: string; value: string }[] {
  const params: Record<string, string> = {};
  const add = (source: Record<string, unknown> | undefined) => {
    for (const [k, v] of Object.entries(source ?? {})) {
      const text = Array.isArray(v) ? v[0] : v;
      if (typeof text === 'string') params[k] = text.slice(0, 8192);
    }
  };
  add(ctx.query);
  add(ctx.request.body as Record<string, unknown> | undefined);
  return Object.entries(params).map(([name, value]) => ({ name, value }));
}

/**
 * A provider that answers with response_mode=form_post (Sign in with Apple) sends the browser back with
 * a cross-site POST, which carries no SameSite=Lax cookie: that login's handshake cookie is written
 * SameSite=None, which browsers accept only with Secure, so only when cookies are Secure (https AUTH_URL).
 */
export function handshakeCookiePolicy(redirectUrl: string, policy: CookiePolicy): CookiePolicy {
  const formPost = new URL(redirectUrl).searchParams.get('response_mode') === 'form_post';
  return formPost && policy.secure ? { ...policy, sameSite: 'none' } : policy;
}

/**
 * The /auth/* routes of the go-pkgz/auth contract, served from the auth service over gRPC.
 * `answerCached` answers GET /auth/user, the hottest route, for a token verified before, on the raw
 * request: the HTTP server calls it before handing the request to Koa.
 */
export function authRoutes(deps: AuthRoutesDeps): {
  router: Router;
  answerCached(req: http.IncomingMessage, res: http.ServerResponse): boolean;
} {
  const router = new Router({ prefix: '/auth' });
  router.use(securityHeaders());
  // /auth/user, /auth/status and logout are what a site's own session is for (RouteOwner `site`).
  const requireUser = authenticate(deps.authenticator, deps.cookies, { required: true, owner: 'site' });
  const traceUser = authenticate(deps.authenticator, deps.cookies, { required: false, owner: 'site' });

  // ctx.state.user already has the go-pkgz shape (see TokenVerifier); hooks may have replaced it.
  const answerUser: Koa.Middleware = async (ctx) => {
    ctx.set(...NO_STORE);
    ctx.body = ctx.state.user;
  };
  // GET /auth/user for a token verified before, answered by the HTTP server before Koa (gateway.ts):
  // one synchronous pass, no Koa context, no promise (so none of Node 20's AsyncLocalStorage promise
  // hooks), with the user's JSON serialized once per token. Nothing here can throw or log. Anything
  // else, including every refusal, answers false and takes the full route below. The raw URL test is
  // ctx.path's answer without parsing the URL of every other request.
  // As writeHead takes them when nothing was set before (name, value, name, value): Node stores them
  // without a setHeader call each, which was the largest part of this answer's own work.
  const USER_ANSWER_RAW_HEADERS = [
    ...USER_ANSWER_HEADERS.flat(),
    'Content-Type',
    'application/json; charset=utf-8',
  ] as const;
  const answerCached = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || (url !== '/auth/user' && !url.startsWith('/auth/user?'))) return false;
    const cached = deps.authenticator.authenticateCached(req, 'site');
    if (cached?.userBody === undefined) return false;
    const rawHeaders = [
      ...USER_ANSWER_RAW_HEADERS,
      REQUEST_ID_HEADER,
      requestIdFrom(req.headers.traceparent),
      'Content-Length',
      String(Buffer.byteLength(cached.userBody)),
    ];
    // A draining server has already set Connection: close; writeHead then merges the list into it.
    res.writeHead(200, rawHeaders);
    res.end(cached.userBody);
    return true;
  };

  router.get('/list', async (ctx) => {
    ctx.body = (await deps.auth.listProviders({})).names;
  });

  router.get('/user', requireUser, answerUser);

  router.get('/status', traceUser, async (ctx) => {
    const user = ctx.state.user;
    ctx.set(...NO_STORE);
    ctx.body = user ? { status: 'logged in', user: user.name } : { status: 'not logged in' };
  });

  const logout = (provider: string | undefined) =>
    async function logoutHandler(ctx: Koa.Context) {
      const result = await deps.authenticator.authenticate(ctx, 'site');
      // A missing or broken token is cleared anyway; a good one without its XSRF header is not (logout CSRF).
      if (!result.ok) {
        if (result.reason !== 'xsrf_mismatch') clearTokenCookies(ctx, deps.cookies);
        throw new HttpError(403, 'logout not allowed');
      }
      // The auth service ends the session (and runs the provider's logout), so it can never be refreshed.
      await deps.auth.logout({ provider: provider ?? '', token: result.token ?? '' });
      deps.authenticator.endSession(result.claims);
      clearTokenCookies(ctx, deps.cookies);
      ctx.status = 200;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = '';
    };

  router.get('/logout', (ctx) => logout(undefined)(ctx));

  const formBody = strictBody(bodyParser({ enableTypes: ['form'], formLimit: '64kb', parsedMethods: ['POST'] }));

  router.all('/:provider/:action', formBody, async (ctx) => {
    const { provider, action } = ctx.params as { provider: string; action: string };
    if (ctx.method !== 'GET' && ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.body = '';
      return;
    }
    if (!PROVIDER_NAME.test(provider)) throw new HttpError(400, 'provider name is invalid');
    switch (action) {
      case 'login': {
        const started = await deps.auth.beginLogin(
          {
            provider,
            site: queryText(ctx, 'site') || queryText(ctx, 'aud'),
            from: queryText(ctx, 'from'),
            sessionOnly: wantsSessionCookie(ctx.query),
            noAvatar: queryText(ctx, 'noava') === '1',
          },
          { deadlineMs: LOGIN_DEADLINE_MS },
        );
        setTokenCookies(ctx, handshakeCookiePolicy(started.redirectUrl, deps.cookies), started.handshake!);
        ctx.redirect(started.redirectUrl);
        return;
      }
      case 'callback': {
        const handshakeToken = parseCookies(ctx.get('cookie'))[JWT_COOKIE] ?? '';
        const done = await deps.auth
          .completeLogin(
            { provider, handshakeToken, params: callbackParams(ctx), client: clientInfo(ctx) },
            { deadlineMs: LOGIN_DEADLINE_MS },
          )
          .catch((err: unknown) => {
            deps.loginFinished?.(provider, 'failure');
            throw err;
          });
        deps.loginFinished?.(provider, 'success');
        if (done.secondFactorPending) {
          if (!deps.answerSecondFactor) throw new Error('a login needs a second factor the gateway cannot ask for');
          return deps.answerSecondFactor(ctx, done.secondFactorPending, done.redirectUrl !== '');
        }
        setTokenCookies(ctx, deps.cookies, done.session!);
        if (done.redirectUrl) {
          ctx.status = 303;
          ctx.redirect(done.redirectUrl);
          return;
        }
        ctx.body = JSON.parse(done.userJson);
        return;
      }
      case 'logout':
        return logout(provider)(ctx);
      default:
        ctx.status = 404;
        ctx.body = '';
    }
  });

  // Anything else under /auth names no known route: go-pkgz answers 400.
  router.all('/*rest', async (ctx) => {
    throw new HttpError(400, `provider ${ctx.path.split('/')[2] ?? ''} not supported`);
  });

  return { router, answerCached };
}
