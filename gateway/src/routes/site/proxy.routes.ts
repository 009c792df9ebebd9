import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { type Logger, outgoingTraceparent } from '@gatehouse/logger';
import { isAdmin, JWT_COOKIE, JWT_HEADER, JWT_QUERY, type User, XSRF_COOKIE, XSRF_HEADER } from '@gatehouse/token';
import Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import type { CookiePolicy } from '../../auth/cookies';
import type { ProxyRoute, RoutePolicy } from '../../config-file';
import { authenticate } from '../../middleware/authenticate';
import { HttpError } from '../../middleware/errors';
import {
  type ActiveOrg,
  inOrg,
  matchedPrefixLength,
  namesActiveOrg,
  orgPolicyAllows,
  routerPath,
} from './org-policies';

/** The verified user as the upstream receives it: base64url of the user JSON. */
export const USER_HEADER = 'x-gatehouse-user';

export interface ProxyRoutesDeps {
  routes: ProxyRoute[];
  authenticator: Authenticator;
  cookies: CookiePolicy;
  /** The application's user updater (UpdateUser hook) for update-user routes; unset: the user as is. */
  updateUser?: (user: User) => Promise<User>;
  /** Deadline for the upstream's response headers, and the longest silence on its socket. */
  timeoutMs: number;
  /** The host the public reaches the gateway by (AUTH_URL's), sent as X-Forwarded-Host. */
  publicHost: string;
  log: Logger;
  /**
   * A user's membership of an organisation (id or slug): anyOrg routes whose path names one that is
   * not the session's active organisation. Unset, or no membership: such requests are refused.
   */
  memberOf?: (userId: string, org: string) => Promise<ActiveOrg | undefined>;
  /** Told of every upstream call by route prefix: its status, or why there was none (metrics). */
  upstreamAnswered?: (route: string, status: number | 'timeout' | 'unavailable') => void;
}

/** RFC 9110 §7.6.1 connection-specific headers: never forwarded, in either direction. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The caller's credentials, and every header whose value the gateway sets itself, stay here. */
const WITHHELD = new Set(['authorization', JWT_HEADER, XSRF_HEADER, USER_HEADER, 'host', 'forwarded', 'x-real-ip']);

/**
 * A header name as CGI, WSGI, PHP and nginx (underscores_in_headers) see it: `x_gatehouse_user` arrives
 * there as X-Gatehouse-User, so names are compared in this form.
 */
const normalisedName = (name: string) => name.toLowerCase().replace(/_/g, '-');

function withheld(name: string): boolean {
  const normal = normalisedName(name);
  return (
    WITHHELD.has(normal) ||
    normal === 'cookie' ||
    normal.startsWith('x-forwarded-') ||
    normal.startsWith('x-gatehouse-') ||
    HOP_BY_HOP.has(normal)
  );
}

function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  return new Set((typeof value === 'string' ? value : '').split(',').map((s) => s.trim().toLowerCase()));
}

/** The Cookie header without the session cookies (JWT, XSRF-TOKEN); undefined when nothing is left. */
function foreignCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c !== '' && ![JWT_COOKIE, XSRF_COOKIE].includes(c.split('=')[0]?.trim() ?? ''));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

function requestHeaders(ctx: Koa.Context, user: User | undefined, publicHost: string): http.OutgoingHttpHeaders {
  const listed = connectionListed(ctx.req.headers);
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || listed.has(name) || withheld(name)) continue;
    out[name] = value;
  }
  const cookie = foreignCookies(ctx.req.headers.cookie);
  if (cookie) out.cookie = cookie;
  // ctx.ip already honours GATEWAY_TRUSTED_PROXIES; the upstream gets that one address, not a forgeable chain.
  out['x-forwarded-for'] = ctx.ip;
  out['x-forwarded-proto'] = ctx.protocol;
  // From configuration: the client's Host header is whatever the client chose to send.
  out['x-forwarded-host'] = publicHost;
  if (user) out[USER_HEADER] = Buffer.from(JSON.stringify(user)).toString('base64url');
  // The upstream joins the request's trace (the client's traceparent, checked, or the gateway's own).
  const traceparent = outgoingTraceparent();
  if (traceparent) out.traceparent = traceparent;
  return out;
}

/** Where the request goes: the upstream's base path, the request path (prefix stripped if asked), the query without ?token=. */
function targetUrl(route: ProxyRoute, ctx: Koa.Context): URL {
  const orgValue = (ctx.params as Record<string, string> | undefined)?.org;
  const rest = route.stripPrefix ? ctx.path.slice(matchedPrefixLength(route, orgValue)) || '/' : ctx.path;
  const base = route.upstream.pathname.replace(/\/+$/, '');
  const url = new URL(route.upstream.href);
  url.pathname = `${base}${rest.startsWith('/') ? rest : `/${rest}`}`;
  const query = new URLSearchParams(ctx.querystring);
  query.delete(JWT_QUERY);
  url.search = query.toString();
  return url;
}

function allowed(policy: RoutePolicy, user: User | undefined): boolean {
  const byOrg = orgPolicyAllows(policy, user);
  if (byOrg !== undefined) return byOrg;
  switch (policy.kind) {
    case 'admin':
      return user !== undefined && isAdmin(user);
    case 'rbac':
      return user !== undefined && policy.roles.some((r) => r.toLowerCase() === (user.role ?? '').toLowerCase());
    default:
      return true;
  }
}

/**
 * Routes of the AUTH_CONFIG `routes` section, proxied to application upstreams after the route's policy:
 * auth (a valid user), admin (attrs.admin), rbac:<roles> (one of the roles), update-user (a valid user,
 * passed through the UpdateUser hook), trace (the user when there is one), org, org:<roles>, perm:<names>
 * (the session's active organisation, org-policies.ts); `{org}` in a prefix binds the path to it. 401 without a valid user, 403
 * when the user is not allowed. The upstream gets the user in X-Gatehouse-User and never the caller's
 * token; bodies stream both ways; hop-by-hop headers stay on their hop.
 */
export function proxyRoutes(deps: ProxyRoutesDeps): Router {
  const router = new Router();
  // The applications' own routes: a site's own token is good here (RouteOwner `site`).
  const required = authenticate(deps.authenticator, deps.cookies, { required: true, owner: 'site' });
  const optional = authenticate(deps.authenticator, deps.cookies, { required: false, owner: 'site' });

  // Longest prefix first: the router runs the first layer that matches, so /app/admin (admin) must be
  // met before /app (auth), whatever order the config lists them in.
  const routes = [...deps.routes].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const route of routes) {
    const handle = async (ctx: Koa.Context) => {
      let user = ctx.state.user;
      // `{org}` in the prefix: the path's organisation must be the session's active one (id or slug),
      // decided from the token. An anyOrg route asks the auth service for the caller's membership of
      // another one, and decides its policy with that organisation's roles, as the upstream sees them.
      const orgValue = (ctx.params as Record<string, string> | undefined)?.org;
      if (orgValue !== undefined && !namesActiveOrg(orgValue, user)) {
        const other = route.anyOrg && user ? await deps.memberOf?.(user.id, orgValue) : undefined;
        if (!other || !user) throw new HttpError(403, 'access denied');
        user = inOrg(user, other);
      }
      if (!allowed(route.policy, user)) throw new HttpError(403, 'access denied');
      if (route.policy.kind === 'update-user' && user && deps.updateUser) {
        try {
          user = await deps.updateUser(user);
        } catch (err) {
          deps.log.error({ err }, 'user updater failed');
          throw new HttpError(503, 'user updater unavailable');
        }
      }
      await forward(ctx, route, user, deps);
    };
    const auth = route.policy.kind === 'trace' ? optional : required;
    const path = routerPath(route);
    router.all(path, auth, handle);
    router.all(`${path}/{*rest}`, auth, handle);
  }
  return router;
}

async function forward(ctx: Koa.Context, route: ProxyRoute, user: User | undefined, deps: ProxyRoutesDeps) {
  const target = targetUrl(route, ctx);
  const client = target.protocol === 'https:' ? https : http;
  const upstream = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.request(target, { method: ctx.method, headers: requestHeaders(ctx, user, deps.publicHost) });
    const timer = setTimeout(() => req.destroy(new UpstreamTimeout()), deps.timeoutMs);
    req.setTimeout(deps.timeoutMs, () => req.destroy(new UpstreamTimeout()));
    req.once('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ctx.req.once('aborted', () => req.destroy());
    ctx.req.pipe(req);
  }).catch((err: unknown) => {
    deps.upstreamAnswered?.(route.prefix, err instanceof UpstreamTimeout ? 'timeout' : 'unavailable');
    if (err instanceof UpstreamTimeout) throw new HttpError(504, 'upstream timed out');
    deps.log.warn({ err, upstream: route.upstream.origin }, 'upstream unavailable');
    throw new HttpError(502, 'upstream unavailable');
  });

  const listed = connectionListed(upstream.headers);
  ctx.status = upstream.statusCode ?? 502;
  deps.upstreamAnswered?.(route.prefix, ctx.status);
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    // The gateway's request id names the trace the logs carry; an upstream's own id does not replace it.
    if (name === 'x-request-id') continue;
    if (name === 'set-cookie') {
      // The session cookies are the gateway's alone: an upstream cannot set or clear them.
      const kept = (value as string[]).filter(
        (c) => ![JWT_COOKIE, XSRF_COOKIE].includes(c.split('=')[0]?.trim() ?? ''),
      );
      for (const c of kept) ctx.append('Set-Cookie', c);
      continue;
    }
    ctx.set(name, value as string | string[]);
  }
  if (ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) {
    upstream.resume();
    ctx.body = null;
    return;
  }
  // The socket timeout keeps guarding a stalled body; an upstream that dies mid-body ends the response.
  upstream.once('error', (err) => deps.log.warn({ err }, 'upstream body failed'));
  ctx.body = upstream;
}

class UpstreamTimeout extends Error {}
