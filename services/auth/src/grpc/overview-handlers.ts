import { isOverviewStart } from '@gatehouse/contract';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { type DirectoryOverview, hoursStart } from '../directory/overview';
import { directoryErrors } from '../errors';

/** gRPC adapter of AdminService.Overview (issue 48); without a directory (no DATABASE_URL) it is refused. */
export function overviewHandlers(
  overview: DirectoryOverview | undefined,
  log: Logger,
): Pick<auth.AdminServiceHandlers, 'Overview'> {
  return {
    Overview: unaryHandler(log, async (req: auth.AdminOverviewRequest__Output) => {
      if (!overview) throw directoryErrors.disabled();
      const asked = Number(req.hoursStartUnixMs);
      if (!isOverviewStart(asked)) throw directoryErrors.badRequest('hours_start_unix_ms: a time between 2000 and now');
      const start = asked || hoursStart(Date.now());
      const o = await overview.read(start);
      return {
        hoursStartUnixMs: start,
        usersTotal: o.users.total,
        usersNewDay: o.users.new24h,
        usersNewWeek: o.users.new7d,
        usersActiveDay: o.users.active24h,
        usersActiveWeek: o.users.active7d,
        usersBlocked: o.users.blocked,
        sessionsLive: o.sessionsLive,
        logins: Object.entries(o.loginsByProvider)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([provider, counts]) => ({ provider, counts })),
        loginFailures: o.failures,
        webhookEndpoints: o.webhooks.endpoints,
        webhooksDisabled: o.webhooks.disabled,
        deliveriesFailing: o.webhooks.deliveriesFailing,
      };
    }),
  };
}
