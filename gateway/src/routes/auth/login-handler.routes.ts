import { PROVIDER_NAME } from '@gatehouse/contract';
import { fromPairs, type PromiseClient, toPairs } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth, login } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import type { TokenCookie } from '../../auth/cookies';
import { refuseEncodedBody } from '../../middleware/bodies';
import { securityHeaders } from '../../middleware/security-headers';
import { type CookiePolicy, clearTokenCookies, HttpError, setNoStore, setTokenCookies } from '../kit';
import { wantsSessionCookie } from './go-pkgz.routes';
import { handlerCookies, handlerSetCookies } from './handler-cookies';
import { wantsLink } from './link';

/** What the auth service gives back for a user a login handler vouched for. */
export interface IssuedSession {
  /** The session token and how to store it: written as the JWT and XSRF-TOKEN cookies. */
  session: TokenCookie;
  /** The user as the token carries it (picture resolved to the avatar URL). */
  userJson: string;
}

/**
 * Issues a session for a user a login handler returned (implemented by the gateway's composition root
 * with the auth service: only the auth service signs tokens). `provider` is the handler's name.
 */
export type IssueSession = (
  provider: string,
  userJson: string,
  options: {
    site: string;
    sessionOnly: boolean;
    redirectUrl: string;
    client?: auth.ClientInfo;
    /** A link (docs/accounts.md "Linking"): the session the handler's user is attached to. */
    linkSessionToken?: string;
  },
) => Promise<IssuedSession | { pending: TokenCookie } | { linked: auth.LinkedIdentity__Output }>;

export type LoginHandlerClient = PromiseClient<login.LoginHandlerClient>;

export interface LoginHandlerRoutesDeps {
  /** Configured handler names (the provider names under /auth/) and their LoginHandler clients. */
  handlers: Record<string, LoginHandlerClient>;
  issueSession: IssueSession;
  /** A login held back for a TOTP code (docs/accounts.md "Second factor (TOTP)"): the pending cookie and answer. */
  answerSecondFactor?: (ctx: Koa.Context, pending: TokenCookie, redirect: boolean) => void;
  /** Ends the session of a token at logout (the auth service's Logout: no refresh after it). */
  endSession?: (token: string) => Promise<void>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
  log: Logger;
  /** Largest request body passed on (webhooks, form posts); default 1 MiB. */
  maxBodyBytes?: number;
  /** Deadline of one handler call; default 10 s. */
  deadlineMs?: number;
  /**
   * Handlers whose redirect_url is followed after login: the auth service's built-in providers, which
   * check it against the allowed redirect hosts. Any other handler's redirect_url is ignored.
   */
  trustedRedirects?: string[];
}

const ACTIONS = ['login', 'callback', 'logout'] as const;
type Action = (typeof ACTIONS)[number];

/** Never passed to a handler: the user's session credentials. */
const WITHHELD_HEADERS = new Set(['cookie', 'authorization', 'x-jwt', 'x-xsrf-token']);

/** Never taken from a handler's response: the session cookies are ours; framing is Koa's. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
]);

function firstValues(source: Record<string, string | string[] | undefined>, skip?: Set<string>) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (skip?.has(k)) continue;
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') out[k] = value;
  }
  return out;
}

async function readBody(ctx: Koa.Context, limit: number): Promise<Buffer> {
  if (ctx.method !== 'POST') return Buffer.alloc(0);
  refuseEncodedBody(ctx);
  const declared = Number(ctx.get('content-length') || '0');
  if (declared > limit) throw new HttpError(413, `request body is over ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `request body is over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * /auth/<name>/login|callback|logout for every configured custom login handler (login.v1.LoginHandler
 * over gRPC; the Telegram bot is one). The request goes to the handler as an HTTP-like message; its
 * response comes back to the browser, except that a response carrying a user becomes a session: the
 * auth service issues it, the cookies are set here, and the body is the issued user.
 */
export function loginHandlerRoutes(deps: LoginHandlerRoutesDeps): Router {
  const router = new Router({ prefix: '/auth' });
  router.use(securityHeaders());
  const limit = deps.maxBodyBytes ?? 1024 * 1024;
  const deadlineMs = deps.deadlineMs ?? 10_000;
  const names = Object.keys(deps.handlers);

  for (const [name, client] of Object.entries(deps.handlers)) {
    if (!PROVIDER_NAME.test(name)) throw new Error(`login handler name "${name}" must be 1-64 of A-Z a-z 0-9 _ -`);
    for (const action of ACTIONS) {
      const handle = async (ctx: Koa.Context) => {
        let sessionToken: string | undefined;
        // ?link=1: the user this handler vouches for is linked to the caller's session instead. The
        // credentials travel in the request itself, so a cross-site request must not be able to link
        // someone else's account to the victim's: a cookie session with its XSRF header only.
        const linkToken = action !== 'logout' && wantsLink(ctx.query) ? await linkingSession(ctx, deps) : undefined;
        if (action === 'logout') {
          // As /auth/<provider>/logout of the built-in providers: a token without its XSRF header is a
          // cross-site logout attempt and is refused; anything broken is cleared. A site's own session
          // logs out like any other (RouteOwner `site`).
          const who = await deps.authenticator.authenticate(ctx, 'site');
          if (!who.ok) {
            if (who.reason !== 'xsrf_mismatch') clearTokenCookies(ctx, deps.cookies);
            throw new HttpError(403, 'logout not allowed');
          }
          sessionToken = who.token;
          deps.authenticator.endSession(who.claims);
        }
        const request: login.HttpRequest = {
          method: ctx.method,
          path: ctx.path,
          query: toPairs(firstValues(ctx.query)),
          headers: toPairs(firstValues(ctx.headers, WITHHELD_HEADERS)),
          body: await readBody(ctx, limit),
          clientIp: ctx.ip,
          provider: name,
          cookies: handlerCookies(ctx.get('cookie'), name, names),
        };
        const res = await call(client, action, request, deadlineMs);
        const status = res.status || 200;
        if (action === 'logout') {
          if (sessionToken) await deps.endSession?.(sessionToken);
          clearTokenCookies(ctx, deps.cookies);
        }
        // The handler's own cookies (gh_<name>_*) are kept, rewritten to our attributes, on every
        // answer, a login included (a handler clears its request cookie when the login succeeds).
        for (const c of handlerSetCookies(res.headers, name, deps.cookies, names)) ctx.append('Set-Cookie', c);
        if (res.userJson && action !== 'logout' && status >= 200 && status < 300) {
          const redirectUrl = res.redirectUrl && deps.trustedRedirects?.includes(name) ? res.redirectUrl : '';
          const issued = await deps.issueSession(name, res.userJson, {
            site: res.site || queryText(ctx, 'site') || queryText(ctx, 'aud'),
            sessionOnly: wantsSessionCookie(ctx.query),
            redirectUrl,
            client: clientInfo(ctx),
            linkSessionToken: linkToken,
          });
          if ('linked' in issued) {
            setNoStore(ctx);
            ctx.body = { linked: issued.linked };
            return;
          }
          if ('pending' in issued) {
            if (!deps.answerSecondFactor) throw new Error('a login needs a second factor the gateway cannot ask for');
            return deps.answerSecondFactor(ctx, issued.pending, redirectUrl !== '');
          }
          setTokenCookies(ctx, deps.cookies, issued.session);
          if (redirectUrl) {
            ctx.status = 303;
            ctx.redirect(res.redirectUrl);
            return;
          }
          ctx.status = 200;
          ctx.body = JSON.parse(issued.userJson);
          return;
        }
        for (const [k, v] of Object.entries(fromPairs(res.headers))) {
          if (!DROPPED_RESPONSE_HEADERS.has(k.toLowerCase())) ctx.set(k, v);
        }
        // A login flow's answers (a sent code, a pending request, a user) are the browser's alone.
        setNoStore(ctx);
        ctx.status = status;
        ctx.body = res.body.length > 0 ? Buffer.from(res.body) : '';
      };
      router.get(`/${name}/${action}`, handle);
      router.post(`/${name}/${action}`, handle);
    }
  }
  return router;
}

/** The caller's session token for a link: a cookie session whose XSRF header holds, else 401. */
async function linkingSession(ctx: Koa.Context, deps: LoginHandlerRoutesDeps): Promise<string> {
  const who = await deps.authenticator.authenticate(ctx, 'gateway');
  if (!who.ok || who.source !== 'cookie' || !who.token) {
    throw new HttpError(401, 'linking needs a session: log in first (and send the X-XSRF-TOKEN header)');
  }
  return who.token;
}

function queryText(ctx: Koa.Context, name: string): string {
  const v = ctx.query[name];
  const text = Array.isArray(v) ? v[0] : v;
  return typeof text === 'string' ? text.slice(0, 2048) : '';
}

function call(
  client: LoginHandlerClient,
  action: Action,
  request: login.HttpRequest,
  deadlineMs: number,
): Promise<login.HttpResponse__Output> {
  switch (action) {
    case 'login':
      return client.login(request, { deadlineMs });
    case 'callback':
      return client.callback(request, { deadlineMs });
    case 'logout':
      return client.logout(request, { deadlineMs });
  }
}
