import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { SESSION_ID } from '@gatehouse/contract';
import { AUTH_REFUSALS, authError, json, LOGGED_IN, NO_STORE } from './common';

/** Sessions per device (docs/accounts.md "Sessions per device"), as routes/auth/sessions.routes.ts serves them. */

const SessionId = z
  .string()
  .regex(SESSION_ID)
  .meta({ description: "Opaque (a one-way digest of the session's jti, never the XSRF value)" });

const Session = z
  .strictObject({
    id: SessionId,
    created_at: z.iso.datetime().meta({ description: 'The login (RFC 3339, UTC)' }),
    last_seen_at: z.iso.datetime().meta({ description: "The last refresh of the session's token, or the login" }),
    provider: z.string(),
    user_agent: z.string().meta({ description: 'As sent at login, at most 512 characters; may be empty' }),
    ip: z.string().meta({ description: 'The client address at login (trusted proxies respected); may be empty' }),
    current: z.boolean().meta({ description: 'The session of this request' }),
  })
  .meta({ id: 'Session', description: 'One login and its refreshes' });

const noStore = z.object({ 'Cache-Control': NO_STORE });
const noSession = authError('Basic auth: no session to list or end ("sessions need a session token")');

export function registerSessionPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['sessions'], security: LOGGED_IN };
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/auth/sessions',
    summary: "The user's live sessions, newest first",
    responses: {
      200: {
        description: 'Sessions',
        headers: noStore,
        content: json(z.strictObject({ sessions: z.array(Session) }).meta({ id: 'Sessions' })),
      },
      403: noSession,
      ...AUTH_REFUSALS,
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/auth/sessions/{id}',
    summary: 'Logs a session out: its tokens are refused on every gateway within 1 s',
    description: "Ending the request's own session is a logout: both cookies are cleared.",
    request: { params: z.object({ id: z.string().meta({ description: 'A session id from GET /auth/sessions' }) }) },
    responses: {
      204: { description: 'Ended', headers: noStore },
      400: authError('The id is malformed ("session id is malformed")'),
      403: noSession,
      404: authError("No live session of this user has that id (another user's included)"),
      ...AUTH_REFUSALS,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/sessions/revoke-others',
    summary: 'Logs every other session of the user out',
    responses: { 204: { description: 'Ended', headers: noStore }, 403: noSession, ...AUTH_REFUSALS },
  });
}
