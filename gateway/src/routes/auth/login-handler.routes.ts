import { PROVIDER_NAME } from '@gatehouse/contract';
import { fromPairs, type PromiseClient, toPairs } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth, login } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import { refuseEncodedBody } from '../../middleware/bodies';
import {
  answerLogin,
  apiRouter,
  type CookiePolicy,
  type FinishedLogin,
  HttpError,
  loginQuery,
  logout,
  queryValues,
  setNoStore,
} from '../kit';
import { handlerCookies, handlerSetCookies } from './handler-cookies';
import { wantsLink } from './link';

/**
 * Issues a session for a user a login handler returned (implemented by the gateway's composition root
 * with the auth service: only the auth service signs tokens). `provider` is the handler's name. The
 * answer is the finished login answerLogin writes: the session and its user, the pending second
 * factor, or a link's identity.
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
) => Promise<FinishedLogin>;

export type LoginHandlerClient = PromiseClient<login.LoginHandlerClient>;

export interface LoginHandlerRoutesDeps {
  /** Configured handler names (the provider names under /auth/) and their LoginHandler clients. */
  handlers: Record<string, LoginHandlerClient>;
  issueSession: IssueSession;
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
 * auth service issues it, and the kit's login answer gives it as every login does.
 */
export function loginHandlerRoutes(deps: LoginHandlerRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: false });
  const limit = deps.maxBodyBytes ?? 1024 * 1024;
  const deadlineMs = deps.deadlineMs ?? 10_000;
  const names = Object.keys(deps.handlers);
  const endSession = async (token: string) => {
    if (token) await deps.endSession?.(token);
  };

  for (const [name, client] of Object.entries(deps.handlers)) {
    if (!PROVIDER_NAME.test(name)) throw new Error(`login handler name "${name}" must be 1-64 of A-Z a-z 0-9 _ -`);
    for (const action of ACTIONS) {
      const handle = async (ctx: Koa.Context) => {
        // ?link=1: the user this handler vouches for is linked to the caller's session instead. The
        // credentials travel in the request itself, so a cross-site request must not be able to link
        // someone else's account to the victim's: a cookie session with its XSRF header only.
        const linkToken = action !== 'logout' && wantsLink(ctx) ? await linkingSession(ctx, deps) : undefined;
        const ask = async () => {
          const request: login.HttpRequest = {
            method: ctx.method,
            path: ctx.path,
            query: toPairs(queryValues(ctx)),
            headers: toPairs(firstValues(ctx.headers, WITHHELD_HEADERS)),
            body: await readBody(ctx, limit),
            clientIp: ctx.ip,
            provider: name,
            cookies: handlerCookies(ctx.get('cookie'), name, names),
          };
          return call(client, action, request, deadlineMs);
        };
        // A logout is the kit's, as for the built-in providers, with the handler's own logout in it.
        const res = action === 'logout' ? await logout(ctx, deps, endSession, ask) : await ask();
        const status = res.status || 200;
        // The handler's own cookies (gh_<name>_*) are kept, rewritten to our attributes, on every
        // answer, a login included (a handler clears its request cookie when the login succeeds).
        for (const c of handlerSetCookies(res.headers, name, deps.cookies, names)) ctx.append('Set-Cookie', c);
        if (res.userJson && action !== 'logout' && status >= 200 && status < 300) {
          const redirectUrl = res.redirectUrl && deps.trustedRedirects?.includes(name) ? res.redirectUrl : '';
          const asked = loginQuery(ctx);
          const issued = await deps.issueSession(name, res.userJson, {
            site: res.site || asked.site,
            sessionOnly: asked.sessionOnly,
            redirectUrl,
            client: clientInfo(ctx),
            linkSessionToken: linkToken,
          });
          // A link through a handler is the page's own request (its XSRF header), never a navigation:
          // the identity is the answer, not a redirect.
          return answerLogin(ctx, deps.cookies, { ...issued, redirectUrl: issued.linked ? '' : redirectUrl });
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
