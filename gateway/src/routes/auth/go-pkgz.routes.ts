import { PROVIDER_NAME } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import { JWT_COOKIE } from '@gatehouse/token';
import Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import type { TokenCookie } from '../../auth/cookies';
import { authenticate } from '../../middleware/authenticate';
import { securityHeaders } from '../../middleware/security-headers';
import {
  bodyReader,
  type CookiePolicy,
  clearTokenCookies,
  HttpError,
  refuseMethod,
  requireUser,
  setNoStore,
  setTokenCookies,
} from '../kit';
import { LINK_BY_GET_REFUSED, linkRefusal, linkSessionToken, setLinkHandshake, takeLink, wantsLink } from './link';

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
 * The /auth/* routes of the go-pkgz/auth contract, served from the auth service over gRPC. GET
 * /auth/user, the hottest route, is mostly answered before Koa by its lanes (lanes/user.ts,
 * lanes/user-refresh.ts); this route answers what they leave, as they would.
 */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = new Router({ prefix: '/auth' });
  router.use(securityHeaders());
  // /auth/user, /auth/status and logout are what a site's own session is for (RouteOwner `site`).
  const user = requireUser(deps.authenticator, deps.cookies, { owner: 'site' });
  const traceUser = authenticate(deps.authenticator, deps.cookies, { required: false, owner: 'site' });

  // ctx.state.user already has the go-pkgz shape (see TokenVerifier); hooks may have replaced it.
  const answerUser: Koa.Middleware = async (ctx) => {
    setNoStore(ctx);
    ctx.body = ctx.state.user;
  };
  router.get('/list', async (ctx) => {
    ctx.body = (await deps.auth.listProviders({})).names;
  });

  router.get('/user', user, answerUser);

  router.get('/status', traceUser, async (ctx) => {
    const user = ctx.state.user;
    setNoStore(ctx);
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

  const formBody = bodyReader('form', { limit: '64kb' });

  // A link (link.ts): the caller's session (the gateway's own rule, XSRF header included) starts the
  // provider's login; the page opens the URL answered, and the callback attaches that login's identity.
  const linkUser = requireUser(deps.authenticator, deps.cookies);
  router.post('/:provider/link', linkUser, async (ctx) => {
    const { provider } = ctx.params as { provider: string };
    if (!PROVIDER_NAME.test(provider)) throw new HttpError(400, 'provider name is invalid');
    const sessionToken = linkSessionToken(ctx);
    const started = await deps.auth
      .beginLogin(
        {
          provider,
          site: '',
          from: queryText(ctx, 'from'),
          sessionOnly: false,
          noAvatar: true,
          linkSessionToken: sessionToken,
        },
        { deadlineMs: LOGIN_DEADLINE_MS },
      )
      .catch(linkRefusal);
    setLinkHandshake(ctx, handshakeCookiePolicy(started.redirectUrl, deps.cookies), started.handshake!, sessionToken);
    ctx.body = { url: started.redirectUrl };
  });

  router.all('/:provider/:action', formBody, async (ctx) => {
    const { provider, action } = ctx.params as { provider: string; action: string };
    // A link starts with a POST only (the route above answered that one).
    if (action === 'link') refuseMethod(ctx, 'POST');
    if (ctx.method !== 'GET' && ctx.method !== 'POST') refuseMethod(ctx, 'GET, POST');
    if (!PROVIDER_NAME.test(provider)) throw new HttpError(400, 'provider name is invalid');
    switch (action) {
      case 'login': {
        // A link is never started by a navigation any page can cause (POST /:provider/link above).
        if (wantsLink(ctx.query)) throw new HttpError(403, LINK_BY_GET_REFUSED);
        const started = await deps.auth.beginLogin(
          {
            provider,
            site: queryText(ctx, 'site') || queryText(ctx, 'aud'),
            from: queryText(ctx, 'from'),
            sessionOnly: wantsSessionCookie(ctx.query),
            noAvatar: queryText(ctx, 'noava') === '1',
            linkSessionToken: '',
          },
          { deadlineMs: LOGIN_DEADLINE_MS },
        );
        const policy = handshakeCookiePolicy(started.redirectUrl, deps.cookies);
        // A link given up on earlier must not turn this login's callback into a link.
        takeLink(ctx, deps.cookies);
        setTokenCookies(ctx, policy, started.handshake!);
        ctx.redirect(started.redirectUrl);
        return;
      }
      case 'callback': {
        const link = takeLink(ctx, deps.cookies);
        const handshakeToken = link?.handshakeToken ?? parseCookies(ctx.get('cookie'))[JWT_COOKIE] ?? '';
        const done = await deps.auth
          .completeLogin(
            {
              provider,
              handshakeToken,
              params: callbackParams(ctx),
              client: clientInfo(ctx),
              linkSessionToken: link?.linkSessionToken ?? '',
            },
            { deadlineMs: LOGIN_DEADLINE_MS },
          )
          .catch((err: unknown) => {
            deps.loginFinished?.(provider, 'failure');
            throw err;
          });
        deps.loginFinished?.(provider, 'success');
        if (done.linked) {
          // Linked: no session is issued, the browser's own stays as it was.
          if (done.redirectUrl) {
            ctx.status = 303;
            ctx.redirect(done.redirectUrl);
            return;
          }
          ctx.body = { linked: done.linked };
          return;
        }
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

  return router;
}
