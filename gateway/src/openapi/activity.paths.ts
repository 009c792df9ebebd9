import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { ACTIVITY_QUERY } from '../routes/auth/activity.routes';
import { AUTH_REFUSALS, authError, json, LOGGED_IN, NO_STORE } from './common';

/** A user's own security activity (routes/auth/activity.routes.ts, docs/events.md). */

const Activity = z
  .strictObject({
    id: z.string().meta({ description: 'The event id (sortable by time)' }),
    time: z.iso.datetime({ offset: true }),
    type: z
      .string()
      .meta({ description: 'login.succeeded, login.failed, login.rate_limited, session.ended, totp.enabled, ...' }),
    request_id: z.string().nullable(),
    client_address: z.string().nullable().meta({ description: 'Where it came from, where known' }),
    user_agent: z.string().nullable().meta({
      description: "The browser or device, where known: only of the user's own actions (null for a failed login)",
    }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'Ids and codes: the provider, a reason (logout, revoked, ...)' }),
  })
  .meta({ id: 'ActivityEvent' });

export function registerActivityPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    tags: ['sessions'],
    security: LOGGED_IN,
    method: 'get',
    path: '/auth/events',
    summary: "The user's own security activity, newest first: logins, sessions ended, TOTP, passkeys, links",
    request: { query: ACTIVITY_QUERY.partial() },
    responses: {
      200: {
        description: 'One page; `next` is the cursor of the next one, null on the last',
        headers: z.object({ 'Cache-Control': NO_STORE }),
        content: json(
          z.strictObject({ events: z.array(Activity), next: z.string().nullable() }).meta({ id: 'Activity' }),
        ),
      },
      400: authError('A malformed limit or cursor'),
      403: authError('Basic auth: no user to show ("recent activity needs a session token")'),
      ...AUTH_REFUSALS,
    },
  });
}
