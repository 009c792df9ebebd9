import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { PROVIDER_NAME } from '@gatehouse/contract';
import {
  AUTH_REFUSALS,
  authError,
  json,
  LOGGED_IN,
  LOGOUT_BODY,
  LoginQuery,
  NO_STORE,
  REDIRECT_BODY,
  RETRY_AFTER,
  SESSION_COOKIES,
  User,
} from './common';
import { SecondFactorRequired } from './totp.paths';

/**
 * The go-pkgz/auth routes (routes/auth/go-pkgz.routes.ts) and the routes of login handlers (routes/auth/login-handler.routes.ts:
 * direct, verified, Telegram and custom handlers), which share /auth/{provider}/{login|callback|logout}.
 */

const Provider = z.object({
  provider: z
    .string()
    .regex(PROVIDER_NAME)
    .meta({ description: 'A provider name from GET /auth/list', example: 'dev' }),
});

const AuthStatus = z
  .union([
    z.object({ status: z.literal('logged in'), user: z.string().meta({ description: 'The user name' }) }),
    z.object({ status: z.literal('not logged in') }),
  ])
  .meta({ id: 'AuthStatus' });

const VerificationSent = z
  .object({ address: z.string(), user: z.string() })
  .meta({ id: 'VerificationSent', description: 'A verified provider sent its one-time login link to `address`' });

const HandlerLoginRequest = z
  .looseObject({
    token: z.string(),
    bot: z.string(),
    confirm: z.literal('code').optional().meta({ description: 'The bot sends a code the page asks for' }),
  })
  .meta({ id: 'HandlerLoginRequest', description: 'A Telegram login request: open t.me/<bot>?start=<token>' });

/** Direct (user, passwd) and verified (user, address, then token) fields, in the query or the body. */
const CredentialFields = z.object({
  user: z.string().optional().meta({ description: 'Direct and verified providers: the user name' }),
  passwd: z.string().optional().meta({ description: 'Direct providers: the password' }),
  address: z.string().optional().meta({ description: 'Verified providers: where the login link goes' }),
  token: z.string().optional().meta({ description: 'Verified: the one-time token; Telegram: the login request' }),
  code: z.string().optional().meta({ description: 'Telegram in code mode: the six digits the bot sent' }),
});

/** A link's answer: the identity now attached to the caller's user; no new session. */
const Linked = z
  .strictObject({ linked: z.strictObject({ id: z.string(), provider: z.string(), name: z.string() }) })
  .meta({ id: 'Linked', description: 'A link: the identity now attached; no new session' });

const LinkStarted = z
  .strictObject({
    url: z.string().meta({ description: "The provider's page to open: its callback finishes the link" }),
  })
  .meta({ id: 'LinkStarted', description: 'A link started: the handshake cookies are set' });

const LOGIN_ERRORS = {
  400: authError('Invalid provider name, malformed credentials or fields, or an unknown provider'),
  401: authError('A login handler link (`?link=1`) without a cookie session and its XSRF header'),
  403: authError(
    'Wrong credentials, a token or code refused, a blocked user (`user blocked`), a link started from a login older than 5 minutes, or an OAuth2 login with `?link=1` (a link starts with POST /auth/{provider}/link)',
  ),
  404: authError('No such provider or login request'),
  409: authError('A link whose identity belongs to another user (`identity in use`): nothing changes'),
  405: authError('`method not allowed`: a method other than GET or POST (Allow says which)'),
  413: authError('The body is too large'),
  415: authError('A content-encoded or unsupported body'),
  429: authError('Too many attempts', z.object(RETRY_AFTER)),
};

export function registerAuthPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/auth/{provider}/link',
    tags: ['auth'],
    summary: "Starts linking an OAuth2, OIDC, Apple or dev login to the caller's user",
    description:
      'From a cookie session with its XSRF header whose login is at most 5 minutes old. Answers the ' +
      "provider's URL and sets the link's handshake cookies (the session's own stay as they are); the " +
      'provider\'s callback then attaches its identity (`{"linked": ...}`, or 303 to an allowed `from`).',
    security: LOGGED_IN,
    request: { params: Provider, query: z.object({ from: z.string().optional() }) },
    responses: {
      200: {
        description: 'Started',
        headers: z.object({ 'Cache-Control': NO_STORE, 'Set-Cookie': z.string() }),
        content: json(LinkStarted),
      },
      400: authError('Invalid provider name'),
      401: authError('No cookie session the gateway accepts for its own routes, or no XSRF header'),
      403: authError('A login older than 5 minutes: log in again, then link'),
      404: authError('No such provider'),
      405: authError('`method not allowed`: a link starts with POST'),
      default: authError('The provider or the auth service failed'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/auth/list',
    tags: ['auth'],
    summary: 'The active providers, in registration order',
    responses: {
      200: { description: 'Provider names', content: json(z.array(z.string()).meta({ example: ['dev', 'github'] })) },
      default: authError('The auth service did not answer'),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/auth/user',
    tags: ['auth'],
    summary: 'The logged-in user; an expired cookie token is refreshed (new cookies)',
    security: LOGGED_IN,
    responses: {
      200: { description: 'The user', headers: z.object({ 'Cache-Control': NO_STORE }), content: json(User) },
      ...AUTH_REFUSALS,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/auth/status',
    tags: ['auth'],
    summary: 'Whether a user is logged in (never 401)',
    security: [...(LOGGED_IN ?? []), {}],
    responses: { 200: { description: 'The login status', content: json(AuthStatus) }, default: authError('Failure') },
  });

  registry.registerPath({
    method: 'get',
    path: '/auth/logout',
    tags: ['auth'],
    summary: 'Ends the session and clears both cookies',
    description: 'A cookie session needs its XSRF header: without it the logout is refused (logout CSRF).',
    security: LOGGED_IN,
    responses: {
      200: { description: 'Logged out (an empty body)', headers: SESSION_COOKIES, content: LOGOUT_BODY },
      403: authError('`logout not allowed`: no valid token, or a cookie without its XSRF header'),
    },
  });

  for (const method of ['get', 'post'] as const) {
    registry.registerPath({
      method,
      path: '/auth/{provider}/login',
      tags: ['auth'],
      summary: 'Starts (OAuth2, OIDC, Apple, dev) or makes (direct, verified, Telegram) a login',
      description:
        'OAuth2 providers answer 302 to the provider with a handshake cookie. Direct providers check `user` and ' +
        '`passwd` (query, form or JSON) and answer the user with the session cookies. Verified providers send a ' +
        'one-time link for `user` and `address`, and log in with its `token`. Login handlers (Telegram) answer ' +
        'their own JSON, and the user once the login completes.',
      request: {
        params: Provider,
        query: method === 'get' ? LoginQuery.extend(CredentialFields.shape) : LoginQuery,
        ...(method === 'post'
          ? {
              body: {
                required: false,
                content: {
                  'application/x-www-form-urlencoded': { schema: CredentialFields },
                  'application/json': { schema: CredentialFields },
                },
              },
            }
          : {}),
      },
      responses: {
        200: {
          description: 'The user (with session cookies), a sent verification, or a login handler answer',
          content: json(z.union([User, VerificationSent, HandlerLoginRequest, SecondFactorRequired, Linked])),
        },
        302: {
          description: "To the provider's authorization page, with the handshake cookie",
          headers: z.object({ Location: z.string(), 'Set-Cookie': z.string() }),
          content: REDIRECT_BODY,
        },
        303: {
          description: 'Logged in: to `from`',
          headers: z.object({ Location: z.string() }),
          content: REDIRECT_BODY,
        },
        ...LOGIN_ERRORS,
        default: authError('The provider or the auth service failed'),
      },
    });

    registry.registerPath({
      method,
      path: '/auth/{provider}/callback',
      tags: ['auth'],
      summary: "The provider's redirect back: sets the session cookies",
      description: 'A form_post provider (Sign in with Apple) POSTs its fields as a form.',
      request: {
        params: Provider,
        query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
        ...(method === 'post'
          ? {
              body: {
                required: false,
                content: { 'application/x-www-form-urlencoded': { schema: z.looseObject({}) } },
              },
            }
          : {}),
      },
      responses: {
        200: {
          description: 'Logged in: the user and the session cookies (built-in handlers: an empty JSON string)',
          content: json(z.union([User, z.literal(''), SecondFactorRequired, Linked])),
        },
        303: {
          description: 'Logged in: to `from`',
          headers: z.object({ Location: z.string(), 'Set-Cookie': z.string() }),
          content: REDIRECT_BODY,
        },
        ...LOGIN_ERRORS,
        default: authError('The provider or the auth service failed'),
      },
    });

    registry.registerPath({
      method,
      path: '/auth/{provider}/logout',
      tags: ['auth'],
      summary: "Ends the session, runs the provider's logout, clears both cookies",
      security: LOGGED_IN,
      request: { params: Provider },
      responses: {
        200: { description: 'Logged out (an empty body)', headers: SESSION_COOKIES, content: LOGOUT_BODY },
        400: authError('Invalid provider name'),
        403: authError('`logout not allowed`: no valid token, or a cookie without its XSRF header'),
        405: LOGIN_ERRORS[405],
      },
    });
  }
}
