import type http from 'node:http';
import type Koa from 'koa';

/** Sniffing off: no browser may guess a type the gateway did not state. Every answer carries it. */
export const NOSNIFF: readonly [string, string] = ['X-Content-Type-Options', 'nosniff'];

/**
 * go-pkgz/auth's headers on every auth and avatar answer: nothing in them may run, load anything, be
 * framed or be sniffed.
 */
export const SANDBOX_CSP: readonly [string, string] = [
  'Content-Security-Policy',
  "default-src 'none'; sandbox; frame-ancestors 'none'",
];
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [SANDBOX_CSP, NOSNIFF];

/** No cache, shared or private, keeps an answer that carries user data or a token. */
export const NO_STORE: readonly [string, string] = ['Cache-Control', 'no-store'];

/** The demo page at `/`: its own script, style and images only, never framed, forms posted home. */
export const PAGE_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'self'; img-src 'self'; frame-ancestors 'none'; form-action 'self'"],
  NOSNIFF,
  ['Referrer-Policy', 'same-origin'],
];

/** Writes a list of headers straight on the response (hot paths skip Koa's header helpers). */
export function setHeaders(res: http.ServerResponse, headers: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/** API_SECURITY_HEADERS on every answer of a router, errors included (set before anything runs). */
export function securityHeaders(): Koa.Middleware {
  return async function securityHeaders(ctx, next) {
    setHeaders(ctx.res, API_SECURITY_HEADERS);
    await next();
  };
}
