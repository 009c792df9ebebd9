import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  AUTH_REFUSALS,
  authError,
  COOKIE_SESSION,
  json,
  LOGGED_IN,
  NO_STORE,
  RETRY_AFTER,
  SESSION_COOKIES,
  User,
} from './common';

/** /auth/passkey/* (routes/auth/passkey.routes.ts): WebAuthn registration, list, removal and login. */

const Passkey = z
  .strictObject({
    id: z.string().meta({ description: 'The credential id (base64url)' }),
    transports: z.array(z.string()),
    created: z.string().nullable().meta({ description: 'ISO 8601' }),
    last_used: z.string().nullable().meta({ description: 'ISO 8601, null before the first login' }),
  })
  .meta({ id: 'Passkey' });

const WebAuthnResponse = z
  .object({ response: z.looseObject({}).meta({ description: "The browser's credential, as JSON (SimpleWebAuthn)" }) })
  .meta({ id: 'WebAuthnResponse' });

const Options = z
  .looseObject({ challenge: z.string() })
  .meta({ description: 'WebAuthn options as JSON (PublicKeyCredentialCreation/RequestOptionsJSON)' });

const NO_STORE_HEADER = z.object({ 'Cache-Control': NO_STORE });
const FRESH = authError(
  '`passkey registration needs a recent login`: not a cookie session, or its login is over 5 minutes old',
);
const BODY_ERRORS = {
  400: authError('A missing or malformed field, or a response the ceremony refuses'),
  413: authError('The body is over 64 kB'),
  415: authError('Not JSON, or content-encoded'),
};

export function registerPasskeyPaths(registry: OpenAPIRegistry): void {
  const route = (
    method: 'get' | 'post',
    path: string,
    summary: string,
    security: typeof LOGGED_IN,
    body: z.ZodType | undefined,
    ok: { description: string; schema: z.ZodType; cookies?: boolean },
    errors: Record<number, ReturnType<typeof authError>>,
  ) =>
    registry.registerPath({
      method,
      path,
      tags: ['passkeys'],
      summary,
      ...(security ? { security } : {}),
      ...(body ? { request: { body: { required: true, content: json(body) } } } : {}),
      responses: {
        200: {
          description: ok.description,
          headers: ok.cookies ? NO_STORE_HEADER.extend(SESSION_COOKIES.shape) : NO_STORE_HEADER,
          content: json(ok.schema),
        },
        ...errors,
        default: authError('The auth service failed'),
      },
    });

  route(
    'post',
    '/auth/passkey/register/options',
    'Creation options for the session user',
    COOKIE_SESSION,
    undefined,
    {
      description: 'Creation options (resident key and user verification required)',
      schema: Options,
    },
    { ...AUTH_REFUSALS, 403: FRESH },
  );
  route(
    'post',
    '/auth/passkey/register/verify',
    'Registers the passkey the browser created',
    COOKIE_SESSION,
    WebAuthnResponse,
    {
      description: 'The registered passkey',
      schema: Passkey,
    },
    { ...AUTH_REFUSALS, ...BODY_ERRORS, 403: FRESH },
  );
  route(
    'get',
    '/auth/passkey/list',
    "The user's passkeys",
    LOGGED_IN,
    undefined,
    {
      description: 'Passkeys',
      schema: z.array(Passkey),
    },
    { ...AUTH_REFUSALS, 403: authError('`passkeys need a session`: basic auth has no passkeys') },
  );
  route(
    'post',
    '/auth/passkey/remove',
    'Removes a passkey: it logs in no more',
    LOGGED_IN,
    z.object({ id: z.string().min(1).max(1024) }),
    {
      description: 'Removed',
      schema: z.object({ removed: z.literal(true) }),
    },
    {
      ...AUTH_REFUSALS,
      ...BODY_ERRORS,
      403: authError('`passkeys need a session`'),
      404: authError('No such passkey of this user'),
      409: authError('No other passkey or identity would remain ("last login method")'),
    },
  );
  route(
    'post',
    '/auth/passkey/login/options',
    'Request options: a fresh challenge, no allow list',
    undefined,
    undefined,
    {
      description: 'Request options',
      schema: Options,
    },
    { 429: authError('`too many login attempts`', z.object(RETRY_AFTER)) },
  );
  registry.registerPath({
    method: 'post',
    path: '/auth/passkey/login/verify',
    tags: ['passkeys'],
    summary: 'Logs in with the assertion: session cookies and the user',
    request: {
      query: z.object({ site: z.string().optional(), aud: z.string().optional(), session: z.string().optional() }),
      body: { required: true, content: json(WebAuthnResponse) },
    },
    responses: {
      200: { description: 'Logged in', headers: NO_STORE_HEADER.extend(SESSION_COOKIES.shape), content: json(User) },
      ...BODY_ERRORS,
      401: authError('The assertion does not log in (unknown passkey, bad signature, provider gone)'),
      429: authError('`too many login attempts`', z.object(RETRY_AFTER)),
      default: authError('The auth service failed'),
    },
  });
}
