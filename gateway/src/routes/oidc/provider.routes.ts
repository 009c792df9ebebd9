// The OpenID provider's endpoints (docs/openid-provider.md), served by the auth service: the gateway,
// the only public listener, hands each request over as it came (auth.v1.OidcService/Http) and writes the
// answer back. What it adds: the browser's Gatehouse session for navigations (single sign-on), the
// provider's own cookies and no others, a body limit and a deadline.
import { OIDC_SESSION_ENDED_HEADER } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import Router from '@koa/router';
import type Koa from 'koa';
import type { Authenticator } from '../../auth/authenticator';
import { type CookiePolicy, endedByAuth, HttpError, navigationSession, onlyMethods } from '../kit';

export interface OidcProviderRoutesDeps {
  oidc: PromiseClient<auth.OidcServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/**
 * The provider's paths: discovery at the issuer's root (RFC 8414, OpenID Discovery) and /oidc/; and the
 * path-inserted forms MCP clients try for an issuer with a path (auth answers those naming its own).
 */
export const OIDC_PATHS = [
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration/{*issuerPath}',
  '/.well-known/oauth-authorization-server/{*issuerPath}',
  '/oidc',
  '/oidc/{*rest}',
];

/** The provider's own cookies (oidc-provider's, renamed): the only ones it is given, and may set. */
const OWN_COOKIE = /^gh_oidc_[a-z_]+(\.sig)?$/;
/** A request's body at most: a token request, a form, a JSON registration. */
const MAX_BODY = 64 * 1024;
/** The provider answers from Postgres; a code exchange is a handful of statements. */
const DEADLINE_MS = 15_000;
/** Headers of the browser or client that the provider never sees: the session's, the transports'. */
const WITHHELD =
  /^(cookie|host|content-length|connection|keep-alive|transfer-encoding|upgrade|x-jwt|x-xsrf-token|x-forwarded-.*|x-gatehouse-.*|forwarded|x-real-ip)$/;
/** The paths a browser navigates to, where its Gatehouse session logs it in (everything else is an API). */
const NAVIGATION = /^\/oidc\/(auth|interaction|session\/end|device)(\/|$|\?)/;

async function rawBody(ctx: Koa.Context): Promise<Buffer> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'the body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The provider's cookies of the request, as one Cookie header. */
function ownCookies(header: string): string {
  return header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => OWN_COOKIE.test(c.slice(0, c.indexOf('=') >>> 0)))
    .join('; ');
}

/** The session auth says it ended (OIDC_SESSION_ENDED_HEADER: `<jti> <until_ms>`), or undefined. */
function sessionEnded(headers: { name: string; value: string }[]): { jti: string; untilMs: number } | undefined {
  const value = headers.find((h) => h.name === OIDC_SESSION_ENDED_HEADER)?.value;
  const [jti, until] = value?.split(' ') ?? [];
  const untilMs = Number(until);
  return jti && Number.isFinite(untilMs) ? { jti, untilMs } : undefined;
}

export function oidcProviderRoutes(deps: OidcProviderRoutesDeps): Router {
  const router = new Router();
  router.all(OIDC_PATHS, async (ctx) => {
    onlyMethods(ctx, ['GET', 'HEAD', 'POST', 'OPTIONS']);
    const body = await rawBody(ctx);
    const headers: { name: string; value: string }[] = [];
    for (const [name, value] of Object.entries(ctx.headers)) {
      if (value === undefined || WITHHELD.test(name)) continue;
      headers.push({ name, value: Array.isArray(value) ? value.join(', ') : value });
    }
    const cookies = ownCookies(ctx.get('cookie'));
    if (cookies) headers.push({ name: 'cookie', value: cookies });
    const sessionToken = NAVIGATION.test(ctx.url) ? await navigationSession(ctx, deps.authenticator, deps.cookies) : '';
    const res = await deps.oidc.http(
      { method: ctx.method, url: ctx.url, headers, body, clientIp: ctx.ip, sessionToken },
      { deadlineMs: DEADLINE_MS },
    );
    ctx.status = res.status || 200;
    for (const h of res.headers) {
      if (h.name === 'set-cookie') {
        if (OWN_COOKIE.test(h.value.slice(0, h.value.indexOf('=') >>> 0))) ctx.append('Set-Cookie', h.value);
      } else if (!WITHHELD.test(h.name)) {
        ctx.set(h.name, h.value);
      }
    }
    // The user confirmed an application's logout (RP-initiated): auth ended the Gatehouse session too;
    // its cookies are this gateway's to clear (the header itself is withheld from the browser above).
    const ended = sessionEnded(res.headers);
    if (ended) endedByAuth(ctx, deps, ended);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = ctx.method === 'HEAD' ? null : Buffer.from(res.body);
  });
  return router;
}
