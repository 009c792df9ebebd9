/**
 * Decides whether the post-login `from` may be followed. Unlike go-pkgz/auth's permissive default,
 * only the service's own origin (AUTH_URL) and hosts listed in AUTH_ALLOWED_REDIRECT_HOSTS are
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
  if (allowedHosts.includes(target.hostname.toLowerCase())) return target.href;
  return undefined;
}
