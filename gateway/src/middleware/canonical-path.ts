import type Koa from 'koa';
import { HttpError } from './errors';

/** RFC 3986 §2.3: escapes of these may be decoded without changing what a path means. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The one form of a request path on which routes and policies are decided, or undefined when the path is
 * ambiguous. Unreserved percent-escapes are decoded once (`%61dmin` is `admin` to every upstream) and the
 * remaining escapes are upper-cased; then anything that an upstream, a proxy or a framework may read
 * differently from us is refused rather than guessed at:
 * - an encoded or a literal backslash, an encoded slash (`%2F`, `%5C`, `\`), a `;` (matrix
 *   parameters: Tomcat, Spring and others cut `/admin;x` to `/admin`) and a `#` (no client sends one);
 * - dot segments (`.`, `..`, also from `%2E`) and empty segments (`//`), which URL resolution collapses;
 * - an escaped `%` (`%25`), a second layer of encoding that a double-decoding upstream would unwrap;
 * - control characters and NUL, encoded or not, and malformed escapes.
 * A trailing slash is an ordinary path (`/app/` is not `/app`), not an empty segment.
 */
export function canonicalPath(raw: string): string | undefined {
  if (!raw.startsWith('/')) return undefined;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] as string;
    if (ch === '%') {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else {
      out += ch;
    }
  }
  if (/[\\;#]|%(2F|5C|3B|25|[01][0-9A-F]|7F)/.test(out)) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(out)) return undefined;
  const segments = out.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '.' || segment === '..') return undefined;
    if (segment === '' && i < segments.length - 1) return undefined;
  }
  return out;
}

/**
 * Puts every request on its canonical path before anything routes it, so that the route, its policy and
 * the path an upstream receives are one and the same; an ambiguous path is a 400.
 */
export function canonicalPaths(): Koa.Middleware {
  return function canonicalPaths(ctx, next) {
    // From the request line itself: Koa's parsed path is undefined for some targets (`//x` reads as a
    // host), and a parser's view is what must not be trusted here.
    const url = ctx.url;
    const q = url.indexOf('?');
    const raw = q < 0 ? url : url.slice(0, q);
    const path = canonicalPath(raw);
    if (path === undefined) throw new HttpError(400, 'invalid path');
    if (path !== raw) ctx.path = path;
    return next();
  };
}
