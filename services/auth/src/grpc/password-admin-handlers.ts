import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { directoryErrors } from '../errors';
import { passwordErrors } from '../passwords/errors';
import type { PasswordFeature } from '../passwords/open';
import { PASSWORD_PROVIDER } from '../passwords/store';
import { ended } from './session-handlers';

/** The acting admin, as the gateway's admin listener names them: required (the audit names them). */
function actorOf(req: { actor?: auth.AdminActor__Output | null }): string {
  const id = req.actor?.id;
  if (!id) throw directoryErrors.badRequest('the acting admin is required');
  return id;
}

/**
 * gRPC adapter of auth.v1.PasswordAdminService: accounts admins make, and forced resets. Each call is
 * an audit line here and an `admin.action` in the trail (written in the change's transaction).
 */
export function passwordAdminHandlers(
  passwords: PasswordFeature | undefined,
  log: Logger,
): auth.PasswordAdminServiceHandlers {
  const on = () => {
    if (!passwords) throw passwordErrors.disabled();
    return passwords;
  };
  const audit = (actor: string, action: string, target: string, details: Record<string, unknown> = {}) =>
    log.info({ audit: true, actor, action, target, ...details }, `admin: ${action}`);
  return {
    CreatePasswordUser: unaryHandler(log, async (req: auth.CreatePasswordUserRequest__Output) => {
      const actor = actorOf(req);
      const made = await on().recovery.adminCreate({
        email: req.email,
        name: req.name,
        password: req.password || undefined,
        admin: actor,
      });
      if (made === 'taken') throw directoryErrors.identityInUse();
      audit(actor, 'create user', made.userId, { invited: !req.password });
      const user: auth.UserSummary = {
        id: made.userId,
        name: made.name,
        email: made.email,
        emailVerifiedBy: made.emailVerified ? PASSWORD_PROVIDER : '',
        status: 'active',
        blockReason: '',
        createdUnixMs: Date.now(),
        lastLoginUnixMs: 0,
      };
      return { user, invited: !req.password };
    }),
    ForcePasswordReset: unaryHandler(log, async (req: auth.ForcePasswordResetRequest__Output) => {
      const actor = actorOf(req);
      const done = await on().recovery.adminForceReset(req.userId, actor);
      if (!done) throw passwordErrors.noPassword();
      audit(actor, 'force password reset', req.userId, { sessionsEnded: done.ended.length });
      return { endedSessions: done.ended.map(ended) };
    }),
  };
}
