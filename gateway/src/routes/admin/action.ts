// One admin action on the admin surface: the caller is checked as an admin first (caller.ts),
// and the call leaves one audit line (who, what, to whom, the outcome) whatever its outcome and whatever
// LOG_LEVEL says: audit lines are the record of who acted, not diagnostics. Every /admin/v1 router
// (users, payments, events) builds its routes with it.
import type { Logger } from '@gatehouse/logger';
import type Koa from 'koa';
import { HttpError } from '../kit';
import { type AdminActor, type AdminCallerDeps, adminCaller } from './caller';

export type AdminHandler = (ctx: Koa.Context, actor: { id: AdminActor }) => Promise<void>;
export type AdminAction = (action: string, handler: AdminHandler) => Koa.Middleware;

export function adminActions(deps: AdminCallerDeps & { log: Logger }): AdminAction {
  const audit = deps.log.child({ audit: true }, { level: 'info' });
  return (action, handler) => async (ctx) => {
    const actor = await adminCaller(ctx, deps);
    const params = ctx.params as Record<string, string | undefined>;
    // Whom the action was about: a user (and one of their identities), a card (and one of its loads),
    // a webhook (and one of its deliveries), or an organisation (and a member or an invitation of it).
    const about = {
      target: params.id,
      identity: params.identity,
      load: params.load_id,
      delivery: params.delivery,
      member: params.user_id,
      invitation: params.invitation_id,
    };
    try {
      await handler(ctx, { id: actor });
      audit.info({ actor, action, ...about, status: ctx.status }, `admin: ${action}`);
    } catch (err) {
      const status = err instanceof HttpError ? err.status : undefined;
      audit.info({ actor, action, ...about, status, failed: true }, `admin: ${action}`);
      throw err;
    }
  };
}
