import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { AUTH_REFUSALS, authError, COOKIE_SESSION, json, LOGGED_IN, NO_STORE, RETRY_AFTER } from './common';

/** A user's ways in and their export (docs/accounts.md "Linking"), as routes/auth/identities.routes.ts serves them. */

const time = (description: string) => z.iso.datetime().meta({ description });

const Identity = z
  .strictObject({
    id: z.string().meta({ description: 'The go-pkgz id, `<provider>_<sha1>`' }),
    provider: z.string(),
    name: z.string(),
    created_at: time('When it was linked (RFC 3339, UTC)'),
    last_login_at: time('The last login with it').nullable(),
    current: z.boolean().meta({ description: 'The identity this session logged in with' }),
  })
  .meta({ id: 'Identity', description: 'One provider account linked to the user' });

const noStore = z.object({ 'Cache-Control': NO_STORE });
const noSession = authError('Basic auth: no session ("identities need a session token")');
const stale = authError('Not a cookie session, or its login is older than 5 minutes: log in again');

export function registerIdentityPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    tags: ['identities'],
    security: LOGGED_IN,
    method: 'get',
    path: '/auth/identities',
    summary: "The user's identities (ways in), oldest first",
    responses: {
      200: {
        description: 'Identities',
        headers: noStore,
        content: json(z.strictObject({ identities: z.array(Identity) }).meta({ id: 'Identities' })),
      },
      400: authError('The user directory is off (the auth service has no DATABASE_URL)'),
      403: noSession,
      ...AUTH_REFUSALS,
    },
  });
  registry.registerPath({
    tags: ['identities'],
    security: COOKIE_SESSION,
    method: 'delete',
    path: '/auth/identities/{id}',
    summary: 'Unlinks an identity (a cookie session logged in at most 5 minutes ago)',
    request: { params: z.object({ id: z.string().meta({ description: 'An id from GET /auth/identities' }) }) },
    responses: {
      200: {
        description:
          'Unlinked, and every other session of the user ended: how many (null when the session store did not answer)',
        headers: noStore,
        content: json(z.strictObject({ ended_sessions: z.number().int().nullable() }).meta({ id: 'Unlinked' })),
      },
      400: authError('The id is malformed'),
      403: stale,
      404: authError('The user has no identity with this id ("identity not found")'),
      409: authError('No other identity or passkey would remain ("last login method")'),
      ...AUTH_REFUSALS,
    },
  });
  registry.registerPath({
    tags: ['identities'],
    security: COOKIE_SESSION,
    method: 'get',
    path: '/auth/me/export',
    summary: 'Everything held about the user, as one JSON document (a login at most 5 minutes old; one an hour)',
    responses: {
      200: {
        description: 'The document: user, identities, passkeys (no keys), TOTP on/off, sessions, cards and loads',
        headers: noStore,
        content: json(z.looseObject({})),
      },
      403: stale,
      404: authError('The directory does not know the user yet ("user not found")'),
      ...AUTH_REFUSALS,
      429: authError(
        'One export per user an hour, on every gateway ("one export an hour: try again later")',
        z.object(RETRY_AFTER),
      ),
      503: authError('The session could not be refreshed, or the export counted, now; retry', z.object(RETRY_AFTER)),
    },
  });
}
