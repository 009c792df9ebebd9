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
import { DEADLINE_MS, forEachAnswerHeader, MAX_BODY, providerRequestHeaders } from './exchange';

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

/** The paths a browser navigates to, where its Gatehouse session logs it in (everything else is an API). */
const NAVIGATION = /^\/oidc\/(auth|interaction|session\/end|device)(\/|$|\?)/;

/**
 * The body, at most MAX_BODY: a declared length over it is refused before a byte is read; a chunked body
 * that grows past it stops being read (the stream is left as it is, not destroyed, so the answer is the
 * 413 and not errorHandler's "request aborted" of a client that left).
 */
function rawBody(ctx: Koa.Context): Promise<Buffer> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return Promise.resolve(Buffer.alloc(0));
  const tooLarge = () => new HttpError(413, 'the body is too large');
  if (Number(ctx.get('content-length')) > MAX_BODY) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) return void chunks.push(chunk);
      ctx.req.off('data', onData).pause();
      reject(tooLarge());
    };
    ctx.req.on('data', onData);
    ctx.req.once('end', () => resolve(Buffer.concat(chunks)));
    ctx.req.once('error', reject);
  });
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
    const headers = providerRequestHeaders(ctx.headers);
    const sessionToken = NAVIGATION.test(ctx.url) ? await navigationSession(ctx, deps.authenticator, deps.cookies) : '';
    const res = await deps.oidc.http(
      { method: ctx.method, url: ctx.url, headers, body, clientIp: ctx.ip, sessionToken },
      { deadlineMs: DEADLINE_MS },
    );
    ctx.status = res.status || 200;
    forEachAnswerHeader(
      res.headers,
      (name, value) => ctx.set(name, value),
      (cookie) => ctx.append('Set-Cookie', cookie),
    );
    // The user confirmed an application's logout (RP-initiated): auth ended the Gatehouse session too;
    // its cookies are this gateway's to clear (the header itself is withheld from the browser above).
    const ended = sessionEnded(res.headers);
    if (ended) endedByAuth(ctx, deps, ended);
    ctx.set('X-Content-Type-Options', 'nosniff');
    // A HEAD's answer keeps the provider's status: Koa sends no body for HEAD whatever is set, while a
    // null body would turn any status into 204.
    ctx.body = Buffer.from(res.body);
  });
  return router;
}
