import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { AUTH_REFUSALS, authError, json, LOGGED_IN, NO_STORE } from './common';

/**
 * The applications a user let in through the OpenID provider (docs/openid-provider.md "Consent and
 * grants"), as routes/auth/grants.routes.ts serves them.
 */

const Grant = z
  .strictObject({
    id: z.string().meta({ description: 'Opaque; what DELETE /auth/grants/{id} takes' }),
    client_id: z.string(),
    client_name: z.string().meta({ description: "The client's name, or its id when it has none" }),
    scopes: z.array(z.string()).meta({ description: 'OpenID scopes granted: openid, profile, email, offline_access' }),
    resources: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'Protected resources (RFC 8707 indicators) and the scopes granted on each' }),
    created_at: z.iso.datetime().meta({ description: 'When the user first let it in (RFC 3339, UTC)' }),
  })
  .meta({ id: 'Grant', description: 'An application the user let in, and what it may do' });

const noStore = z.object({ 'Cache-Control': NO_STORE });
const noSession = authError('Basic auth: no session ("grants need a session token")');
const off = 'The OpenID provider is off (AUTH_OIDC_PROVIDER)';

export function registerGrantPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['grants'], security: LOGGED_IN };
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/auth/grants',
    summary: "The applications the user let in through the OpenID provider (the user's grants), newest first",
    responses: {
      200: {
        description: 'Grants',
        headers: noStore,
        content: json(z.strictObject({ grants: z.array(Grant) }).meta({ id: 'Grants' })),
      },
      403: noSession,
      404: authError(off),
      ...AUTH_REFUSALS,
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/auth/grants/{id}',
    summary: 'Takes a grant back: every token of it is refused at once, and the application asks for consent again',
    description:
      'Its refresh and access tokens stop working on every replica at once; the trail records grant.revoked.',
    request: { params: z.object({ id: z.string().meta({ description: 'A grant id from GET /auth/grants' }) }) },
    responses: {
      204: { description: 'Revoked', headers: noStore },
      400: authError('The id is malformed ("grant id is malformed")'),
      403: noSession,
      404: authError(`The user has no grant with this id ("grant not found"), or: ${off}`),
      ...AUTH_REFUSALS,
    },
  });
}
