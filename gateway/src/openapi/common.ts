import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';

/**
 * Schemas shared by the gateway's OpenAPI document (document.ts). Each `.meta({ id })` becomes a
 * component under #/components/schemas, so the generated client names them too. Answers are described
 * as the gateway writes them: objects stay open (additional keys allowed) wherever a hook or a
 * provider may add one, so the document promises only what every answer carries.
 */

/** go-pkgz/auth's error body, on every /auth and avatar refusal. */
export const AuthError = z
  .object({ error: z.string().meta({ description: 'What was wrong, meant for people', example: 'Unauthorized' }) })
  .meta({
    id: 'AuthError',
    description: 'The error body of /auth routes, avatars, health and the page (go-pkgz/auth)',
  });

/** The card-loading contract's error body. */
export const PaymentError = z
  .strictObject({
    status: z.literal('error'),
    errors: z
      .array(
        z.strictObject({
          code: z.string().meta({ example: 'invalid-amount' }),
          message: z.string().meta({ example: 'amount must be greater than zero' }),
        }),
      )
      .min(1),
  })
  .meta({ id: 'PaymentError', description: 'The error body of the card-loading API (/tokens/, /cards/)' });

/** The user as GET /auth/user and every login answer it: name, id and picture always. */
export const User = z
  .looseObject({
    name: z.string(),
    id: z.string().meta({ description: '`<provider>_<sha1 of the provider id>`, or `admin` for basic auth' }),
    picture: z.string().meta({ description: 'The avatar URL, empty when there is none' }),
    aud: z.string().optional().meta({ description: 'The token audience (`site`), on authenticated requests' }),
    ip: z.string().optional(),
    email: z.string().optional(),
    attrs: z.record(z.string(), z.unknown()).optional().meta({ description: 'Attributes set by hooks or providers' }),
    role: z.string().optional(),
  })
  .meta({ id: 'User', description: "The token's user in go-pkgz/auth's JSON shape" });

/** Cookie, header and query credentials, as go-pkgz/auth reads them; basic auth is the admin's. */
export const SECURITY_SCHEMES = {
  jwtCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'JWT',
    description: 'The session token (HttpOnly cookie); needs the X-XSRF-TOKEN header as well',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: 'The XSRF-TOKEN cookie value (the token jti), required with the JWT cookie',
  },
  jwtHeader: { type: 'apiKey', in: 'header', name: 'X-JWT', description: 'A token, for services (no XSRF header)' },
  jwtQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'A token in the query (no XSRF header)' },
  adminBasic: { type: 'http', scheme: 'basic', description: 'User `admin`, AUTH_ADMIN_PASSWD (when set)' },
} as const;

/** Any credential the gateway accepts for a logged-in user. */
export const LOGGED_IN: RouteConfig['security'] = [
  { jwtCookie: [], xsrfHeader: [] },
  { jwtHeader: [] },
  { jwtQuery: [] },
  { adminBasic: [] },
];

/** A browser session only: the cookie with its XSRF header. */
export const COOKIE_SESSION: RouteConfig['security'] = [{ jwtCookie: [], xsrfHeader: [] }];

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const retryAfter = z.string().meta({ description: 'Seconds to wait before trying again', example: '5' });
export const RETRY_AFTER = { 'Retry-After': retryAfter };
export const NO_STORE = z.literal('no-store').meta({ description: 'Never cached' });

/** An /auth refusal with the given meaning. */
export function authError(description: string, headers?: ResponseConfig['headers']): ResponseConfig {
  return { description, content: json(AuthError), ...(headers ? { headers } : {}) };
}

/** A card-loading refusal with the given meaning. */
export function paymentError(description: string, headers?: ResponseConfig['headers']): ResponseConfig {
  return { description, content: json(PaymentError), ...(headers ? { headers } : {}) };
}

/** The refusals of a route that needs a logged-in user, in go-pkgz's shape. */
export const AUTH_REFUSALS: Record<number, ResponseConfig> = {
  401: authError('No valid token (missing, expired past refresh, forged, or a cookie without its XSRF header)'),
  429: authError('Too many failed basic-auth attempts from this client', z.object(RETRY_AFTER)),
  503: authError('The session could not be refreshed now (cookies kept); retry', z.object(RETRY_AFTER)),
};

/** Set-Cookie of the session cookies (JWT, XSRF-TOKEN) after a login. */
export const SESSION_COOKIES = z.object({
  'Set-Cookie': z.string().meta({ description: 'JWT (HttpOnly) and XSRF-TOKEN cookies of the new session' }),
});

/** The query of every login and callback: audience, redirect and cookie kind. */
export const LoginQuery = z.object({
  site: z.string().optional().meta({ description: 'The token audience' }),
  aud: z.string().optional().meta({ description: 'The token audience, when `site` is absent' }),
  from: z.string().optional().meta({ description: 'Where to redirect (303) after login, when the host is allowed' }),
  session: z
    .string()
    .optional()
    .meta({ description: '`1` asks for a session cookie; `0`, `false` or nothing for a persistent one' }),
  sess: z.string().optional().meta({ description: 'Legacy name of `session`' }),
  noava: z.literal('1').optional().meta({ description: '`1` skips the provider picture for an identicon' }),
  link: z.enum(['1', 'true']).optional().meta({
    description:
      "Login only: `1` links the login to the cookie session's user (its login at most 5 minutes old) instead of starting a session",
  }),
});

/** What Koa writes under a redirect: `Redirecting to <url>.`, as HTML to browsers. */
export const REDIRECT_BODY = {
  'text/plain': { schema: z.string() },
  'text/html': { schema: z.string() },
};

/** A logout's answer: empty (text/plain), or the JSON `""` of a login handler's logout. */
export const LOGOUT_BODY = {
  'text/plain': { schema: z.literal('') },
  'application/json': { schema: z.literal('') },
};
