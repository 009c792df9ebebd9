import { PROVIDER_NAME } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import { JWT_COOKIE } from '@gatehouse/token';
import type Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import { authenticate } from '../../middleware/authenticate';
import {
  answerLogin,
  answerLoginStart,
  apiRouter,
  bodyReader,
  type CookiePolicy,
  HttpError,
  handshakeCookiePolicy,
  LOGIN_DEADLINE_MS,
  loginQuery,
  logout,
  onlyMethods,
  queryValues,
  requireUser,
  setNoStore,
} from '../kit';
import { LINK_BY_GET_REFUSED, linkRefusal, linkSessionToken, setLinkHandshake, takeLink, wantsLink } from './link';

export interface AuthRoutesDeps {
  auth: PromiseClient<auth.AuthServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
  /** Told of every finished login callback (metrics). */
  loginFinished?: (provider: string, outcome: 'success' | 'failure') => void;
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
  add(queryValues(ctx));
  add(ctx.request.body as Record<string, unknown> | undefined);
  return Object.entries(params).map(([name, value]) => ({ name, value }));
}

/**
 * The /auth/* routes of the go-pkgz/auth contract, served from the auth service over gRPC. GET
 * /auth/user, the hottest route, is mostly answered before Koa by its lanes (lanes/user.ts,
 * lanes/user-refresh.ts); this route answers what they leave, as they would.
 */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: false });
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

  // The auth service ends the session and runs the provider's logout.
  const logoutOf = (ctx: Koa.Context, provider: string) =>
    logout(ctx, deps, (token) => deps.auth.logout({ provider, token }));

  router.get('/logout', (ctx) => logoutOf(ctx, ''));

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
          from: loginQuery(ctx).from,
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
    onlyMethods(ctx, action === 'link' ? ['POST'] : ['GET', 'POST']);
    if (!PROVIDER_NAME.test(provider)) throw new HttpError(400, 'provider name is invalid');
    switch (action) {
      case 'login': {
        // A link is never started by a navigation any page can cause (POST /:provider/link above).
        if (wantsLink(ctx)) throw new HttpError(403, LINK_BY_GET_REFUSED);
        const asked = loginQuery(ctx);
        const started = await deps.auth.beginLogin(
          {
            provider,
            site: asked.site,
            from: asked.from,
            sessionOnly: asked.sessionOnly,
            noAvatar: asked.noAvatar,
            linkSessionToken: '',
          },
          { deadlineMs: LOGIN_DEADLINE_MS },
        );
        // A link given up on earlier must not turn this login's callback into a link.
        takeLink(ctx, deps.cookies);
        return answerLoginStart(ctx, deps.cookies, started);
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
        return answerLogin(ctx, deps.cookies, done);
      }
      case 'logout':
        return logoutOf(ctx, provider);
      default:
        ctx.status = 404;
        ctx.body = '';
    }
  });

  return router;
}
