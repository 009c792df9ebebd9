/**
 * Whether one AUTH_ALLOWED_REDIRECT_HOSTS entry admits `target`. An entry fixes the host and also the
 * scheme and port, so an allowed host's other ports (another service, or one an attacker runs there)
 * are not allowed with it:
 * - `https://host[:port]`: exactly that origin;
 * - `host:port`: that port, over https (also http when AUTH_URL itself is http, as in development);
 * - `host`: the scheme's default port, over https (also http when AUTH_URL is http).
 */
function admits(entry: string, target: URL, ownProtocol: string): boolean {
  if (entry.includes('://')) {
    try {
      return new URL(entry).origin === target.origin;
    } catch {
      return false;
    }
  }
  const schemes = ownProtocol === 'http:' ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(target.protocol)) return false;
  let entryUrl: URL;
  try {
    entryUrl = new URL(`${target.protocol}//${entry}`);
  } catch {
    return false;
  }
  return entryUrl.hostname === target.hostname && entryUrl.port === target.port;
}

/**
 * Decides whether the post-login `from` may be followed. Unlike go-pkgz/auth's permissive default,
 * only the service's own origin (AUTH_URL) and the origins of AUTH_ALLOWED_REDIRECT_HOSTS are
 * honoured; anything else means "answer with the user JSON". Returns the absolute URL to redirect to.
 */
export function allowedRedirect(from: string | undefined, ownUrl: string, allowedHosts: string[]): string | undefined {
  if (!from) return undefined;
  const own = new URL(ownUrl);
  let target: URL;
  try {
    // Relative paths resolve against our own origin; the WHATWG parser also turns `/\evil` and
    // `//evil` into other hosts, which the checks below then refuse.
    target = new URL(from, own);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (target.username || target.password) return undefined;
  if (target.origin === own.origin) return target.href;
  if (allowedHosts.some((entry) => admits(entry, target, own.protocol))) return target.href;
  return undefined;
}
