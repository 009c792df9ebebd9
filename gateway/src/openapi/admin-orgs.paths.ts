import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  ORG_CREATE_BODY,
  ORG_DELETE_QUERY,
  ORG_LIST_QUERY,
  ORG_MEMBERS_QUERY,
  ORG_ROLES_BODY,
  ORG_UPDATE_BODY,
} from '../routes/admin/orgs.routes';
import { AuthError, json, NO_STORE } from './common';

/** The admin API's organisations (routes/admin/orgs.routes.ts, docs/organizations.md "Administration"). */

const time = (description: string) => z.iso.datetime().meta({ description });
const error = (description: string) => ({ description, content: json(AuthError) });
const noStore = z.object({ 'Cache-Control': NO_STORE });

const AdminOrganization = z
  .strictObject({
    id: z.string().meta({ description: 'org_ and 24 hex characters' }),
    name: z.string(),
    slug: z.string(),
    created_by: z.string().meta({ description: 'A user id, or the admin who created it (operator, user:<id>)' }),
    allow_unverified_invitations: z
      .boolean()
      .meta({ description: 'Whether an invitation may be accepted without the invited address verified' }),
    created_at: time('Created at').nullable(),
    members: z.number().int().min(0).meta({ description: 'How many members it has' }),
  })
  .meta({ id: 'AdminOrganization' });

const Member = z
  .strictObject({
    user_id: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    joined_at: time('Joined at').nullable(),
  })
  .meta({ id: 'AdminOrganizationMember' });

const Invitation = z
  .strictObject({
    id: z.string().meta({ description: 'inv_ and 24 hex characters' }),
    email: z.string(),
    roles: z.array(z.string()),
    inviter: z.string(),
    expires_at: time('Expires at').nullable(),
  })
  .meta({ id: 'AdminOrganizationInvitation' });

const OrgRef = z.object({ id: z.string().meta({ description: 'An organisation id or slug' }) });
const NOT_FOUND = { 404: error('No such organisation (or member, or invitation)') };
const CONFLICT = (what: string) => ({ 409: error(what) });

export function registerAdminOrgsPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/orgs',
    summary: 'Organisations by name or slug prefix (without case) or exact id; keyset pages by id',
    request: { query: ORG_LIST_QUERY.partial() },
    responses: {
      200: {
        description: 'One page; `next` is the cursor of the next one, null on the last',
        headers: noStore,
        content: json(z.strictObject({ organizations: z.array(AdminOrganization), next: z.string().nullable() })),
      },
      ...refusals,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/orgs',
    summary: 'A new organisation; owner_id (a user) becomes its first owner when given',
    request: { body: { content: json(ORG_CREATE_BODY) } },
    responses: {
      201: {
        description: 'Created',
        headers: noStore.extend({ Location: z.string() }),
        content: json(AdminOrganization),
      },
      ...refusals,
      ...CONFLICT('The slug is taken'),
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/orgs/{id}',
    summary: 'One organisation, the first page of its members and its pending invitations',
    request: { params: OrgRef, query: ORG_MEMBERS_QUERY.pick({ limit: true }).partial() },
    responses: {
      200: {
        description: 'The organisation',
        headers: noStore,
        content: json(
          z.strictObject({
            organization: AdminOrganization,
            members: z.array(Member),
            members_next: z.string().nullable().meta({ description: 'The cursor of the next page of members' }),
            invitations: z.array(Invitation),
          }),
        ),
      },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  registry.registerPath({
    ...base,
    method: 'patch',
    path: '/admin/v1/orgs/{id}',
    summary: 'Renames it, or sets whether invitations may be accepted without the invited address verified',
    request: { params: OrgRef, body: { content: json(ORG_UPDATE_BODY) } },
    responses: {
      200: { description: 'The organisation', headers: noStore, content: json(AdminOrganization) },
      ...refusals,
      ...NOT_FOUND,
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/orgs/{id}',
    summary:
      "Deletes it with its invitations; with members only when forced (they are removed, and their sessions end as a removal's do)",
    request: { params: OrgRef, query: ORG_DELETE_QUERY.partial() },
    responses: {
      200: {
        description: 'Deleted',
        headers: noStore,
        content: json(
          z.strictObject({
            deleted: z.literal(true),
            members: z.number().int().min(0).meta({ description: 'Members removed with it' }),
          }),
        ),
      },
      ...refusals,
      ...NOT_FOUND,
      ...CONFLICT('It has members and force is not true'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/orgs/{id}/members',
    summary: 'Its members with their roles, keyset pages by user id',
    request: { params: OrgRef, query: ORG_MEMBERS_QUERY.partial() },
    responses: {
      200: {
        description: 'One page; `next` is the cursor of the next one, null on the last',
        headers: noStore,
        content: json(z.strictObject({ members: z.array(Member), next: z.string().nullable() })),
      },
      ...refusals,
      ...NOT_FOUND,
    },
  });
  const memberParams = OrgRef.extend({ user_id: z.string().meta({ description: 'A member' }) });
  registry.registerPath({
    ...base,
    method: 'put',
    path: '/admin/v1/orgs/{id}/members/{user_id}',
    summary: "Sets a member's roles (owner among them if given); a member who loses a role loses their sessions",
    request: { params: memberParams, body: { content: json(ORG_ROLES_BODY) } },
    responses: {
      200: {
        description: 'The roles held now',
        headers: noStore,
        content: json(z.strictObject({ user_id: z.string(), roles: z.array(z.string()) })),
      },
      ...refusals,
      ...NOT_FOUND,
      ...CONFLICT('The last owner would lose ownership'),
      415: error('Not JSON'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/orgs/{id}/members/{user_id}',
    summary: 'Removes a member; their sessions end',
    request: { params: memberParams },
    responses: {
      204: { description: 'Removed', headers: noStore },
      ...refusals,
      ...NOT_FOUND,
      ...CONFLICT('The last owner'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/admin/v1/orgs/{id}/invitations/{invitation_id}',
    summary: 'Revokes a pending invitation',
    request: { params: OrgRef.extend({ invitation_id: z.string().meta({ description: 'inv_...' }) }) },
    responses: { 204: { description: 'Revoked', headers: noStore }, ...refusals, ...NOT_FOUND },
  });
}
