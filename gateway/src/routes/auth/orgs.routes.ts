import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import { isAdmin } from '@gatehouse/token';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import {
  answerReissued,
  apiRouter,
  bodyOf,
  bodyReader,
  type CookiePolicy,
  HttpError,
  queryOf,
  requireUser,
  route,
  sessionUser,
} from '../kit';
import { rfc3339OrNull } from './identities.routes';

export interface OrgRoutesDeps {
  organizations: PromiseClient<auth.OrganizationServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** An organisation id (`org_` and 24 hex) or slug; a user id; an invitation id; an invitation token. */
const ORG_ID = /^org_[0-9a-f]{24}$/;
const INVITATION_ID = /^inv_[0-9a-f]{24}$/;
const USER_ID = /^[A-Za-z0-9_.:@-]{1,256}$/;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const page = z.strictObject({
  after: z.string().max(256).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const roles = z.array(z.string().min(1).max(32)).max(20);
const createBody = z.strictObject({ name: z.string().min(1).max(100), slug: z.string().min(1).max(48) });
const inviteBody = z.strictObject({ email: z.string().min(3).max(320), roles: roles.default([]) });
const rolesBody = z.strictObject({ roles: roles.min(1) });
const transferBody = z.strictObject({ user_id: z.string().regex(USER_ID, 'a user id') });

/** The domain's refusals as the HTTP contract spells them: a taken slug and the last owner are conflicts. */
function conflicts(err: unknown): never {
  const failure = describeCallError(err);
  if (failure.answeredByService && ['ORG_SLUG_TAKEN', 'ORG_LAST_OWNER'].includes(failure.code))
    throw new HttpError(409, failure.message);
  throw err;
}

function callerOf(ctx: Koa.Context): auth.SessionCaller {
  const user = sessionUser(ctx, 'organizations need a session token', { jti: true });
  return { userId: user.id, jti: user.jti ?? '' };
}

function param(ctx: Koa.Context, name: string, pattern: RegExp): string {
  const value = (ctx.params as Record<string, string>)[name] ?? '';
  if (!pattern.test(value)) throw new HttpError(400, `${name} is malformed`);
  return value;
}

const org = (o: auth.OrganizationEntry__Output) => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  roles: o.roles,
  created_at: rfc3339OrNull(o.createdUnixMs),
});

/**
 * /auth/orgs and /auth/invitations (docs/organizations.md): the caller's organisations, members,
 * invitations, roles, leaving, ownership and the session's active organisation. A session is required
 * (a cookie one with its XSRF header, as every authenticated route); the auth service decides who may.
 */
export function orgRoutes(deps: OrgRoutesDeps): Router {
  const router = apiRouter({ prefix: '/auth', noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);
  const json = bodyReader('json', { limit: '16kb', methods: ['POST', 'PUT'] });
  const call = deps.organizations;

  route(router, '/orgs', {
    GET: [
      user,
      async (ctx) => {
        const q = queryOf(ctx, page);
        const res = await call.listMyOrganizations({ caller: callerOf(ctx), after: q.after, limit: q.limit });
        ctx.body = { organizations: res.organizations.map(org), next: res.next || null };
      },
    ],
    POST: [
      user,
      json,
      async (ctx) => {
        const body = bodyOf(ctx, createBody);
        const admin = ctx.state.user ? isAdmin(ctx.state.user) : false;
        const res = await call
          .createOrganization({ caller: callerOf(ctx), name: body.name, slug: body.slug, callerIsAdmin: admin })
          .catch(conflicts);
        ctx.status = 201;
        ctx.body = org(res);
      },
    ],
  });

  route(router, '/orgs/:id/members', {
    GET: [
      user,
      async (ctx) => {
        const q = queryOf(ctx, page);
        const orgId = param(ctx, 'id', ORG_ID);
        const res = await call.listMembers({ caller: callerOf(ctx), orgId, after: q.after, limit: q.limit });
        ctx.body = {
          members: res.members.map((m) => ({
            user_id: m.userId,
            name: m.name,
            roles: m.roles,
            joined_at: rfc3339OrNull(m.joinedUnixMs),
          })),
          next: res.next || null,
        };
      },
    ],
  });

  route(router, '/orgs/:id/members/:user_id', {
    PUT: [
      user,
      json,
      async (ctx) => {
        const body = bodyOf(ctx, rolesBody);
        const orgId = param(ctx, 'id', ORG_ID);
        const userId = param(ctx, 'user_id', USER_ID);
        const res = await call.setMemberRoles({ caller: callerOf(ctx), orgId, userId, roles: body.roles });
        ctx.body = { user_id: userId, roles: res.roles };
      },
    ],
    DELETE: [
      user,
      async (ctx) => {
        const orgId = param(ctx, 'id', ORG_ID);
        const userId = param(ctx, 'user_id', USER_ID);
        await call.removeMember({ caller: callerOf(ctx), orgId, userId }).catch(conflicts);
        ctx.status = 204;
      },
    ],
  });

  route(router, '/orgs/:id/invitations', {
    POST: [
      user,
      json,
      async (ctx) => {
        const body = bodyOf(ctx, inviteBody);
        const orgId = param(ctx, 'id', ORG_ID);
        const res = await call.createInvitation({ caller: callerOf(ctx), orgId, email: body.email, roles: body.roles });
        ctx.status = 201;
        ctx.body = {
          id: res.id,
          email: res.email,
          roles: res.roles,
          expires_at: rfc3339OrNull(res.expiresUnixMs),
          ...(res.token ? { token: res.token } : {}),
        };
      },
    ],
  });

  route(router, '/orgs/:id/invitations/:invitation_id', {
    DELETE: [
      user,
      async (ctx) => {
        const orgId = param(ctx, 'id', ORG_ID);
        const invitationId = param(ctx, 'invitation_id', INVITATION_ID);
        await call.revokeInvitation({ caller: callerOf(ctx), orgId, invitationId });
        ctx.status = 204;
      },
    ],
  });

  route(router, '/invitations/:token/accept', {
    POST: [
      user,
      async (ctx) => {
        const token = param(ctx, 'token', TOKEN);
        ctx.body = org(await call.acceptInvitation({ caller: callerOf(ctx), token }));
      },
    ],
  });

  route(router, '/orgs/:id/leave', {
    POST: [
      user,
      async (ctx) => {
        const orgId = param(ctx, 'id', ORG_ID);
        await call.leaveOrganization({ caller: callerOf(ctx), orgId }).catch(conflicts);
        ctx.status = 204;
      },
    ],
  });

  route(router, '/orgs/:id/transfer', {
    POST: [
      user,
      json,
      async (ctx) => {
        const body = bodyOf(ctx, transferBody);
        const orgId = param(ctx, 'id', ORG_ID);
        await call.transferOwnership({ caller: callerOf(ctx), orgId, userId: body.user_id });
        ctx.status = 204;
      },
    ],
  });

  route(router, '/orgs/:id/switch', {
    POST: [
      user,
      async (ctx) => {
        callerOf(ctx);
        const orgId = param(ctx, 'id', ORG_ID);
        const token = ctx.state.auth?.token ?? '';
        const res = await call.switchOrganization({ token, orgId });
        if (!res.session) throw new HttpError(502, 'no session came back');
        ctx.body = { org: orgId, ...answerReissued(ctx, deps.cookies, res.session) };
      },
    ],
  });

  return router;
}
