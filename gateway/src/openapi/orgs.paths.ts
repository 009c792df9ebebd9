import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { AUTH_REFUSALS, authError, json, LOGGED_IN, NO_STORE } from './common';

/** Organisations (docs/organizations.md), as routes/auth/orgs.routes.ts serves them. */

const time = (description: string) => z.iso.datetime().meta({ description });
const noStore = z.object({ 'Cache-Control': NO_STORE });
const roles = z.array(z.string()).meta({ description: 'Role names of the template; `owner` is built in' });
const orgId = z.string().meta({ description: 'An organisation id, `org_` and 24 hex characters' });
const userId = z.string().meta({ description: 'A user id' });
const pageQuery = z.object({
  after: z.string().optional().meta({ description: 'The `next` of the previous page' }),
  limit: z.coerce.number().int().min(1).max(200).optional().meta({ description: '1 to 200 (50)' }),
});

const Organization = z
  .strictObject({
    id: orgId,
    name: z.string(),
    slug: z.string(),
    roles,
    created_at: time('When it was made (RFC 3339, UTC)').nullable(),
  })
  .meta({ id: 'Organization', description: 'An organisation with the caller’s roles there' });

const Member = z
  .strictObject({ user_id: userId, name: z.string(), roles, joined_at: time('When the user joined').nullable() })
  .meta({ id: 'OrgMember' });

const Invitation = z
  .strictObject({
    id: z.string().meta({ description: '`inv_` and 24 hex characters' }),
    email: z.string(),
    roles,
    expires_at: time('Until when it can be accepted').nullable(),
    token: z.string().optional().meta({
      description: 'Only when no sender is configured (as under `pnpm start`): otherwise the link goes by email',
    }),
  })
  .meta({ id: 'OrgInvitation' });

const stranger = authError('Not a member of this organisation (whether it exists or not), or roles too weak');
const bad = authError('A malformed id, body or role');
const ok204 = { description: 'Done', headers: noStore };

type Method = 'get' | 'post' | 'put' | 'delete';

export function registerOrgPaths(registry: OpenAPIRegistry): void {
  const path = (
    method: Method,
    p: string,
    summary: string,
    responses: Record<number, unknown>,
    request: Record<string, unknown> = {},
  ) =>
    registry.registerPath({
      tags: ['organizations'],
      security: LOGGED_IN,
      method,
      path: p,
      summary,
      request,
      responses: { ...(responses as object), ...AUTH_REFUSALS } as never,
    });
  const params = (extra: Record<string, z.ZodType> = {}) => ({ params: z.object({ id: orgId, ...extra }) });
  const body = (schema: z.ZodType) => ({ body: { content: json(schema) } });

  path(
    'get',
    '/auth/orgs',
    "The caller's organisations with their roles, by keyset pages",
    {
      200: {
        description: 'A page',
        headers: noStore,
        content: json(z.strictObject({ organizations: z.array(Organization), next: z.string().nullable() })),
      },
      400: bad,
    },
    { query: pageQuery },
  );
  path(
    'post',
    '/auth/orgs',
    'Creates an organisation; the caller is its owner (AUTH_ORG_CREATE: admins, or anyone)',
    {
      201: { description: 'Created', headers: noStore, content: json(Organization) },
      400: bad,
      403: authError('Only admins may create organisations (AUTH_ORG_CREATE=admins)'),
      409: authError('The slug is taken'),
    },
    body(z.strictObject({ name: z.string().min(1).max(100), slug: z.string().regex(/^[a-z0-9-]{1,48}$/) })),
  );
  path(
    'get',
    '/auth/orgs/{id}/members',
    'The members with their roles, by keyset pages (any member)',
    {
      200: {
        description: 'A page',
        headers: noStore,
        content: json(z.strictObject({ members: z.array(Member), next: z.string().nullable() })),
      },
      400: bad,
      403: stranger,
    },
    { ...params(), query: pageQuery },
  );
  path(
    'post',
    '/auth/orgs/{id}/invitations',
    'Invites an address with roles (owners and members:write); single use, expires (AUTH_ORG_INVITATION_TTL)',
    { 201: { description: 'Invited', headers: noStore, content: json(Invitation) }, 400: bad, 403: stranger },
    { ...params(), ...body(z.strictObject({ email: z.string(), roles: roles.optional() })) },
  );
  path(
    'delete',
    '/auth/orgs/{id}/invitations/{invitation_id}',
    'Revokes an invitation',
    { 204: ok204, 400: bad, 403: stranger, 404: authError('No such pending invitation') },
    params({ invitation_id: z.string() }),
  );
  path(
    'post',
    '/auth/invitations/{token}/accept',
    'Accepts an invitation: once, before expiry, by a user with the invited address verified',
    {
      200: { description: 'Joined', headers: noStore, content: json(Organization) },
      400: bad,
      403: authError('The invited address is not a verified address of this account'),
      404: authError('Not found, used or expired'),
    },
    { params: z.object({ token: z.string() }) },
  );
  path(
    'put',
    '/auth/orgs/{id}/members/{user_id}',
    "Sets a member's roles (owner kept where held; only a transfer moves it); a lost role ends their sessions",
    {
      200: {
        description: 'The roles now',
        headers: noStore,
        content: json(z.strictObject({ user_id: userId, roles })),
      },
      400: bad,
      403: stranger,
      404: authError('Not a member'),
    },
    { ...params({ user_id: userId }), ...body(z.strictObject({ roles })) },
  );
  path(
    'delete',
    '/auth/orgs/{id}/members/{user_id}',
    'Removes a member; their sessions end on every gateway within a second',
    { 204: ok204, 400: bad, 403: stranger, 404: authError('Not a member'), 409: authError('The last owner') },
    params({ user_id: userId }),
  );
  path(
    'post',
    '/auth/orgs/{id}/leave',
    'Leaves the organisation',
    {
      204: ok204,
      403: stranger,
      409: authError('The last owner cannot leave'),
    },
    params(),
  );
  path(
    'post',
    '/auth/orgs/{id}/transfer',
    'Makes another member an owner and the caller no longer one (an owner only)',
    { 204: ok204, 400: bad, 403: stranger, 404: authError('Not a member') },
    { ...params(), ...body(z.strictObject({ user_id: userId })) },
  );
  path(
    'post',
    '/auth/orgs/{id}/switch',
    "Makes the organisation the session's active one (a member only): the same session signed again",
    {
      200: {
        description: 'Cookie sessions get new cookies; header tokens the new token in `token`',
        headers: noStore,
        content: json(z.strictObject({ org: orgId, token: z.string().optional() })),
      },
      400: bad,
      403: stranger,
    },
    params(),
  );
}
