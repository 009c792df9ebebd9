import { PROVIDER_NAME } from '@gatehouse/contract';
import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import { conflictOf, EXPORT_DEADLINE_MS, IDENTITY_ID, rfc3339OrNull } from '../auth/identities.routes';
import { apiRouter, bodyOf, bodyReader, HttpError, queryOf, route } from '../kit';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';

export interface AdminRoutesDeps extends AdminCallerDeps {
  admin: PromiseClient<auth.AdminServiceClient>;
  /** Password accounts made by admins, and forced resets (docs/password-accounts.md). */
  passwordAdmin: PromiseClient<auth.PasswordAdminServiceClient>;
  log: Logger;
}

/** Ending every session of a user revokes each in Redis, and a deletion asks payment first. */
const SLOW_CALL_DEADLINE_MS = 15_000;

export const LIST_QUERY = z.object({
  query: z.string().max(256).default(''),
  status: z.enum(['', 'active', 'blocked']).default(''),
  provider: z.union([z.literal(''), z.string().regex(PROVIDER_NAME, 'provider name is invalid')]).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(512).default(''),
  order: z
    .enum(['id', 'newest'])
    .default('id')
    .meta({ description: '`newest`: newest first (the console); `id`: id order. A cursor keeps its order' }),
});

export const BLOCK_BODY = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

/** A password account made by an admin: with a password, or (none given) an invitation to set one. */
export const CREATE_USER_BODY = z.strictObject({
  email: z.string().trim().email('email must be an email address').max(254),
  name: z.string().trim().max(256).optional(),
  password: z.string().min(1).max(4096).optional(),
});

const jsonBody = bodyReader('json', { limit: '8kb', typeRequired: 'the body must be application/json' });

function idParam(ctx: Koa.Context, name: 'id' | 'identity'): string {
  const value = (ctx.params as Record<string, string>)[name] ?? '';
  if (!IDENTITY_ID.test(value)) throw new HttpError(400, `${name === 'id' ? 'user' : 'identity'} id is malformed`);
  return value;
}

const time = rfc3339OrNull;

export function userSummary(u: auth.UserSummary__Output) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    email_verified_by: u.emailVerifiedBy,
    status: u.status,
    block_reason: u.blockReason,
    created_at: time(u.createdUnixMs),
    last_login_at: time(u.lastLoginUnixMs),
  };
}

function userDetail(res: auth.GetUserResponse__Output) {
  return {
    user: res.user ? userSummary(res.user) : null,
    identities: res.identities.map((i) => ({
      id: i.id,
      provider: i.provider,
      name: i.name,
      email: i.email,
      email_verified: i.emailVerified,
      created_at: time(i.createdUnixMs),
      last_login_at: time(i.lastLoginUnixMs),
    })),
    passkeys: res.passkeys.map((p) => ({
      id: p.id,
      transports: p.transports,
      created_at: time(p.createdUnixMs),
      last_used_at: time(p.lastUsedUnixMs),
    })),
    totp_enabled: res.totpEnabled,
    has_password: res.hasPassword,
    sessions: res.sessions.map((s) => ({
      id: s.id,
      provider: s.provider,
      created_at: time(s.createdUnixMs),
      last_seen_at: time(s.lastSeenUnixMs),
      user_agent: s.userAgent,
      ip: s.ip,
    })),
  };
}

/**
 * /admin/v1/* (docs/accounts.md "Administration"), served on the admin listener only. Every request is
 * the admin's (adminCaller) before anything else, and every call writes one audit line (who, what, to
 * whom, the outcome) here, beside the auth service's own.
 */
export function adminRoutes(deps: AdminRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  // Ended here at once; every other gateway hears the auth service's feed.
  const endedHere = (ended: auth.EndedSession__Output[]) => {
    for (const e of ended) if (e.jti) deps.authenticator.endSessionUntil(e.jti, Number(e.untilUnixMs));
  };

  const act = adminActions(deps);

  route(router, '/users', {
    GET: act('list users', async (ctx, actor) => {
      const q = queryOf(ctx, LIST_QUERY);
      const res = await deps.admin.listUsers({ actor, ...q });
      ctx.body = { users: res.users.map(userSummary), next: res.nextCursor || null };
    }),
    POST: act('create user', async (ctx, actor) => {
      await jsonBody(ctx);
      const b = bodyOf(ctx, CREATE_USER_BODY);
      const res = await deps.passwordAdmin
        .createPasswordUser({ actor, email: b.email, name: b.name ?? '', password: b.password ?? '' })
        .catch((err: unknown) => conflictOf(err, ['IDENTITY_IN_USE']));
      ctx.status = 201;
      ctx.body = { user: res.user ? userSummary(res.user) : null, invited: res.invited };
    }),
  });

  route(router, '/users/:id/password-reset', {
    POST: act('force password reset', async (ctx, actor) => {
      const res = await deps.passwordAdmin.forcePasswordReset(
        { actor, userId: idParam(ctx, 'id') },
        { deadlineMs: SLOW_CALL_DEADLINE_MS },
      );
      endedHere(res.endedSessions);
      ctx.body = { ended: res.endedSessions.length };
    }),
  });

  route(router, '/users/:id', {
    GET: act('get user', async (ctx, actor) => {
      ctx.body = userDetail(await deps.admin.getUser({ actor, userId: idParam(ctx, 'id') }));
    }),
    DELETE: act('delete user', async (ctx, actor) => {
      const res = await deps.admin
        .deleteUser({ actor, userId: idParam(ctx, 'id') }, { deadlineMs: SLOW_CALL_DEADLINE_MS })
        .catch((err: unknown) => conflictOf(err, ['USER_HAS_FUNDS']));
      endedHere(res.ended);
      ctx.status = 204;
    }),
  });

  route(router, '/users/:id/block', {
    POST: act('block user', async (ctx, actor) => {
      await jsonBody(ctx);
      const { reason } = bodyOf(ctx, BLOCK_BODY);
      const res = await deps.admin.blockUser(
        { actor, userId: idParam(ctx, 'id'), reason },
        { deadlineMs: SLOW_CALL_DEADLINE_MS },
      );
      endedHere(res.ended);
      ctx.body = { ended: res.ended.length };
    }),
  });

  route(router, '/users/:id/unblock', {
    POST: act('unblock user', async (ctx, actor) => {
      await deps.admin.unblockUser({ actor, userId: idParam(ctx, 'id') });
      ctx.status = 204;
    }),
  });

  route(router, '/users/:id/sessions/end', {
    POST: act('end sessions', async (ctx, actor) => {
      const res = await deps.admin.endUserSessions(
        { actor, userId: idParam(ctx, 'id') },
        { deadlineMs: SLOW_CALL_DEADLINE_MS },
      );
      endedHere(res.ended);
      ctx.body = { ended: res.ended.length };
    }),
  });

  route(router, '/users/:id/identities/:identity', {
    DELETE: act('unlink identity', async (ctx, actor) => {
      // Every session of the user ends with it (issue 43), as a block's do.
      const res = await deps.admin.adminUnlinkIdentity(
        { actor, userId: idParam(ctx, 'id'), identityId: idParam(ctx, 'identity') },
        { deadlineMs: SLOW_CALL_DEADLINE_MS },
      );
      endedHere(res.ended);
      ctx.body = { ended: res.ended.length };
    }),
  });

  route(router, '/users/:id/export', {
    GET: act('export user', async (ctx, actor) => {
      const res = await deps.admin.exportUser(
        { actor, userId: idParam(ctx, 'id') },
        { deadlineMs: EXPORT_DEADLINE_MS },
      );
      ctx.type = 'application/json';
      ctx.set('Content-Disposition', 'attachment; filename="gatehouse-user-export.json"');
      ctx.body = res.documentJson;
    }),
  });

  return router;
}
