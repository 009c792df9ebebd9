import type { KoaContextWithOIDC } from 'oidc-provider';
import type { ProviderMiddleware } from './sso';

/**
 * The Content-Security-Policy of every answer the library writes itself. Its auto-submitting pages
 * (response_mode=form_post to the client, the logout and device-code steps to itself) carry one inline
 * script; the library adds that script's SHA-256 to `script-src` when a policy is set before it renders
 * (helpers/script_src_sha.js), so no other script can run, inline or loaded. Forms post to the provider
 * itself; a form_post answer to the client's registered redirect_uri only (formPostPolicy).
 */
export const LIBRARY_CSP =
  "default-src 'none'; script-src; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The library's form_post page: its form's action (html-escaped as the library writes it). */
const FORM_ACTION = /<form method="post" action="([^"]*)">/;

const htmlText = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/**
 * A CSP source for exactly `uri`'s path on its origin (its query is no part of a source), or its origin
 * when the path holds a character a policy cannot carry. After a redirect, browsers match the origin
 * alone, so the client may send the browser on within its own origin.
 */
export function sourceOf(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return /^[A-Za-z0-9\-._~%!$&'()*+=:@/]*$/.test(url.pathname) && !/[;,]/.test(url.pathname)
    ? `${url.origin}${url.pathname}`
    : url.origin;
}

/**
 * The policy of a form_post answer to the client: `form-action` names the redirect_uri the form posts
 * to, when it is one the client registered (the library checked it; this keeps an injected form from
 * posting the code elsewhere). Any other answer keeps `form-action 'self'`.
 */
function formPostPolicy(ctx: KoaContextWithOIDC, policy: string): string {
  if (typeof ctx.body !== 'string' || !ctx.response.is('html')) return policy;
  const action = FORM_ACTION.exec(ctx.body)?.[1];
  if (action === undefined) return policy;
  const target = htmlText(action);
  const registered = (ctx.oidc?.client?.redirectUris ?? []) as string[];
  if (ctx.oidc?.params?.redirect_uri !== target || !registered.includes(target)) return policy;
  const source = sourceOf(target);
  if (!source) return policy;
  return policy
    .split(';')
    .map((d) => (d.trim().startsWith('form-action') ? `form-action ${source}` : d.trim()))
    .join('; ');
}

/** Sets LIBRARY_CSP before the library answers, and narrows a form_post answer's form-action after. */
export function libraryCsp(): ProviderMiddleware {
  return async function libraryCsp(ctx, next) {
    ctx.set('Content-Security-Policy', LIBRARY_CSP);
    await next();
    const policy = ctx.response.get('Content-Security-Policy');
    if (policy) ctx.set('Content-Security-Policy', formPostPolicy(ctx as KoaContextWithOIDC, policy));
  };
}

/**
 * The policy of a page whose form posts to the provider and is answered with a redirect on to the
 * client (the consent page's Allow and Deny, the login page's Cancel): browsers hold a form's redirects
 * to `form-action` too, so it names the client's redirect_uri beside the provider itself.
 */
export function pageCspFor(policy: string, redirectUri: unknown): string {
  const source = typeof redirectUri === 'string' ? sourceOf(redirectUri) : undefined;
  if (!source) return policy;
  return policy
    .split(';')
    .map((d) => (d.trim().startsWith('form-action') ? `${d.trim()} ${source}` : d.trim()))
    .join('; ');
}
