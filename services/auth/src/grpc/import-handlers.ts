import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { directoryErrors } from '../errors';
import type { UserImport } from '../passwords/user-import';

/** auth.v1.AdminService's ImportUsers; without a directory (no DATABASE_URL) it is refused. */
export function importHandlers(
  userImport: UserImport | undefined,
  log: Logger,
): Pick<auth.AdminServiceHandlers, 'ImportUsers'> {
  return {
    ImportUsers: unaryHandler(log, async (req: auth.ImportUsersRequest__Output): Promise<auth.ImportUsersResponse> => {
      if (!userImport) throw directoryErrors.disabled();
      return userImport.batch({ actor: req.actor?.id ?? '', lines: req.lines, first: req.first });
    }),
  };
}
