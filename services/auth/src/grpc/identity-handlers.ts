import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { DirectoryAdmin } from '../directory/admin';
import type { Directory } from '../directory/directory';
import { directoryErrors } from '../errors';
import { sessionErrors } from '../sessions/device-sessions';
import { ended } from './session-handlers';

/** The gateway always sends the caller's session; an empty one is the caller's bug. */
function userOf(req: { caller?: auth.SessionCaller__Output | null }): string {
  const userId = req.caller?.userId;
  if (!userId || !req.caller?.jti) throw sessionErrors.badCaller();
  return userId;
}

/** gRPC adapter of auth.v1.IdentityService; without a directory (no DATABASE_URL) every call is refused. */
export function identityHandlers(
  directory: Directory | undefined,
  admin: DirectoryAdmin | undefined,
  log: Logger,
): auth.IdentityServiceHandlers {
  const on = (): Directory => {
    if (!directory) throw directoryErrors.disabled();
    return directory;
  };
  return {
    ListIdentities: unaryHandler(log, async (req: auth.ListIdentitiesRequest__Output) => ({
      identities: (await on().identities(userOf(req), req.provider)).map((i) => ({
        id: i.id,
        provider: i.provider,
        name: i.name,
        createdUnixMs: i.createdAt.getTime(),
        lastLoginUnixMs: i.lastLoginAt?.getTime() ?? 0,
        current: i.current,
      })),
    })),
    UnlinkIdentity: unaryHandler(log, async (req: auth.UnlinkIdentityRequest__Output) => {
      const done = await on().unlink(userOf(req), req.id, { jti: req.caller?.jti ?? '' });
      return { endedSessions: done.ended.map(ended), otherSessionsNotEnded: done.notEnded };
    }),
    ExportMyData: unaryHandler(log, async (req: auth.ExportMyDataRequest__Output) => {
      if (!admin) throw directoryErrors.disabled();
      const userId = userOf(req);
      return { documentJson: JSON.stringify(await admin.export({ actor: `self:${userId}`, userId })) };
    }),
  };
}
