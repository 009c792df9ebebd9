// Organisations for administrators (docs/organizations.md "Administration"), on the admin surface only:
// search every organisation, look at one with its members and invitations, create one for somebody,
// rename it or change its invitations' rule, change a member's roles, remove a member, revoke an
// invitation, delete it (409 while it has members unless `?force=true`). The admin check and the audit
// line come from adminActions; the auth service's events name the admin as their actor.
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { conflictOf, rfc3339OrNull } from '../auth/identities.routes';
import { apiRouter, bodyOf, bodyReader, HttpError, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminOrgRoutesDeps extends AdminCallerDeps {
  orgAdmin: PromiseClient<auth.OrganizationAdminServiceClient>;
  log: Logger;
}

/** An organisation's id (`org_` and 24 hex) or slug; a user id; an invitation id. */
export const ORG_REF = /^(?:org_[0-9a-f]{24}|[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?)$/;
const USER_ID = /^[A-Za-z0-9_.:@-]{1,256}$/;
const INVITATION_ID = /^inv_[0-9a-f]{24}$/;

/** A deletion that removes members ends their sessions, one user at a time. */
const SLOW_CALL_DEADLINE_MS = 15_000;

export const ORG_LIST_QUERY = z.strictObject({
  query: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(256).default(''),
});
export const ORG_MEMBERS_QUERY = ORG_LIST_QUERY.omit({ query: true });
export const ORG_DELETE_QUERY = z.strictObject({ force: z.enum(['true', 'false']).default('false') });
export const ORG_CREATE_BODY = z.strictObject({
  name: z.string().trim().min(1).max(100),
  slug: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, 'slug: lower-case letters, digits and -, at most 48'),
  owner_id: z.string().regex(USER_ID, 'owner_id: a user id').optional(),
});
export const ORG_UPDATE_BODY = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    allow_unverified_invitations: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.allow_unverified_invitations !== undefined, {
    message: 'give name or allow_unverified_invitations',
  });
export const ORG_ROLES_BODY = z.strictObject({ roles: z.array(z.string().min(1).max(32)).min(1).max(20) });

const jsonBody = bodyReader('json', {
  limit: '8kb',
  methods: ['POST', 'PUT', 'PATCH'],
  typeRequired: 'the body must be application/json',
});

function param(ctx: Koa.Context, name: 'id' | 'user_id' | 'invitation_id'): string {
  const value = (ctx.params as Record<string, string>)[name] ?? '';
  const pattern = name === 'id' ? ORG_REF : name === 'user_id' ? USER_ID : INVITATION_ID;
  if (!pattern.test(value)) throw new HttpError(400, `${name} is malformed`);
  return value;
}

export const orgJson = (o: auth.AdminOrganization__Output | null | undefined) => {
  if (!o) throw new Error('the auth service answered no organization');
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    created_by: o.createdBy,
    allow_unverified_invitations: o.allowUnverifiedInvitations,
    created_at: rfc3339OrNull(o.createdUnixMs),
    members: o.members,
  };
};

const memberJson = (m: auth.OrgMember__Output) => ({
  user_id: m.userId,
  name: m.name,
  roles: m.roles,
  joined_at: rfc3339OrNull(m.joinedUnixMs),
});

/** The refusals that are conflicts with the organisation's state: a taken slug, the last owner, members left. */
const CONFLICTS = ['ORG_SLUG_TAKEN', 'ORG_LAST_OWNER', 'ORG_HAS_MEMBERS'];
const conflicts = (err: unknown) => conflictOf(err, CONFLICTS);

/** /admin/v1/orgs (docs/organizations.md "Administration"), on the admin listener only. */
export function adminOrgRoutes(deps: AdminOrgRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);
  const call = deps.orgAdmin;

  route(router, '/orgs', {
    GET: act('list organizations', async (ctx, actor) => {
      const q = queryOf(ctx, ORG_LIST_QUERY);
      const res = await call.adminListOrganizations({ actor, query: q.query, cursor: q.cursor, limit: q.limit });
      ctx.body = { organizations: res.organizations.map(orgJson), next: res.nextCursor || null };
    }),
    POST: act('create organization', async (ctx, actor) => {
      await jsonBody(ctx);
      const b = bodyOf(ctx, ORG_CREATE_BODY);
      const res = await call
        .adminCreateOrganization({ actor, name: b.name, slug: b.slug, ownerId: b.owner_id ?? '' })
        .catch(conflicts);
      ctx.status = 201;
      ctx.set('Location', `/admin/v1/orgs/${res.id}`);
      ctx.body = orgJson(res);
    }),
  });

  route(router, '/orgs/:id', {
    GET: act('get organization', async (ctx, actor) => {
      const limit = queryOf(ctx, ORG_MEMBERS_QUERY).limit;
      const res = await call.adminGetOrganization({ actor, org: param(ctx, 'id'), limit });
      ctx.body = {
        organization: orgJson(res.organization),
        members: res.members.map(memberJson),
        members_next: res.membersNext || null,
        invitations: res.invitations.map((i) => ({
          id: i.id,
          email: i.email,
          roles: i.roles,
          inviter: i.inviter,
          expires_at: rfc3339OrNull(i.expiresUnixMs),
        })),
      };
    }),
    PATCH: act('update organization', async (ctx, actor) => {
      await jsonBody(ctx);
      const b = bodyOf(ctx, ORG_UPDATE_BODY);
      const res = await call.adminUpdateOrganization({
        actor,
        org: param(ctx, 'id'),
        name: b.name ?? '',
        setAllowUnverifiedInvitations: b.allow_unverified_invitations !== undefined,
        allowUnverifiedInvitations: b.allow_unverified_invitations ?? false,
      });
      ctx.body = orgJson(res);
    }),
    DELETE: act('delete organization', async (ctx, actor) => {
      const force = queryOf(ctx, ORG_DELETE_QUERY).force === 'true';
      const res = await call
        .adminDeleteOrganization({ actor, org: param(ctx, 'id'), force }, { deadlineMs: SLOW_CALL_DEADLINE_MS })
        .catch(conflicts);
      ctx.body = { deleted: true, members: res.members };
    }),
  });

  route(router, '/orgs/:id/members', {
    GET: act('list organization members', async (ctx, actor) => {
      const q = queryOf(ctx, ORG_MEMBERS_QUERY);
      const res = await call.adminListMembers({ actor, org: param(ctx, 'id'), cursor: q.cursor, limit: q.limit });
      ctx.body = { members: res.members.map(memberJson), next: res.next || null };
    }),
  });

  route(router, '/orgs/:id/members/:user_id', {
    PUT: act('set organization member roles', async (ctx, actor) => {
      await jsonBody(ctx);
      const { roles } = bodyOf(ctx, ORG_ROLES_BODY);
      const userId = param(ctx, 'user_id');
      const res = await call
        .adminSetMemberRoles({ actor, org: param(ctx, 'id'), userId, roles }, { deadlineMs: SLOW_CALL_DEADLINE_MS })
        .catch(conflicts);
      ctx.body = { user_id: userId, roles: res.roles };
    }),
    DELETE: act('remove organization member', async (ctx, actor) => {
      await call
        .adminRemoveMember(
          { actor, org: param(ctx, 'id'), userId: param(ctx, 'user_id') },
          { deadlineMs: SLOW_CALL_DEADLINE_MS },
        )
        .catch(conflicts);
      ctx.status = 204;
    }),
  });

  route(router, '/orgs/:id/invitations/:invitation_id', {
    DELETE: act('revoke organization invitation', async (ctx, actor) => {
      await call.adminRevokeInvitation({ actor, org: param(ctx, 'id'), invitationId: param(ctx, 'invitation_id') });
      ctx.status = 204;
    }),
  });

  return router;
}
