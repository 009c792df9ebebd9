/**
 * Where clients look for the provider's metadata. At the issuer's root the library answers both
 * documents itself; for an issuer with a path (AUTH_URL `https://example.com/sso`, behind a proxy that
 * strips `/sso`), RFC 8414 §3.1 puts the well-known segment before the path, and MCP clients try that,
 * then OpenID Connect's path-inserted form, then `/sso/.well-known/openid-configuration` (which reaches
 * the gateway stripped). The path-inserted forms arrive as they are (the proxy forwards that root path
 * untouched) and are answered as the plain ones; a path-inserted form naming another issuer's path is
 * not ours: the library's 404.
 */
const DOCUMENTS = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/** The issuer's path without a trailing slash: '' at the root of its origin. */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

/** The request path the library is to see for `url` (path and query as the gateway received them). */
export function libraryUrl(url: string, path: string): string {
  if (!path) return url;
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at);
  for (const document of DOCUMENTS) if (pathname === `${document}${path}`) return `${document}${query}`;
  return url;
}
