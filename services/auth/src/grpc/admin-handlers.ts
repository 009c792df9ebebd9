import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { AdminSession, DirectoryAdmin } from '../directory/admin';
import type { StoredUser } from '../directory/admin-store';
import type { StoredIdentity } from '../directory/store';
import { directoryErrors } from '../errors';
import { ended } from './session-handlers';

const ms = (d: Date | null) => d?.getTime() ?? 0;

function summary(u: StoredUser): auth.UserSummary {
  return {
    id: u.id,
    name: u.name,
    email: u.email ?? '',
    emailVerifiedBy: u.emailVerifiedBy ?? '',
    status: u.status,
    blockReason: u.blockReason ?? '',
    createdUnixMs: ms(u.createdAt),
    lastLoginUnixMs: ms(u.lastLoginAt),
  };
}

function identity(i: StoredIdentity): auth.AdminIdentity {
  return {
    id: i.id,
    provider: i.provider,
    name: i.name,
    email: i.email ?? '',
    emailVerified: i.emailVerified,
    createdUnixMs: ms(i.createdAt),
    lastLoginUnixMs: ms(i.lastLoginAt),
  };
}

function session(s: AdminSession): auth.LiveSession {
  return {
    id: s.id,
    provider: s.provider,
    createdUnixMs: s.createdMs,
    lastSeenUnixMs: s.lastSeenMs,
    userAgent: s.userAgent,
    ip: s.ip,
  };
}

const acting = (req: { actor?: auth.AdminActor__Output | null; userId: string }) => ({
  actor: req.actor?.id ?? '',
  userId: req.userId,
});

/**
 * gRPC adapter of auth.v1.AdminService (but ImportUsers: import-handlers.ts); without a directory (no
 * DATABASE_URL) every call is refused.
 */
export function adminHandlers(
  admin: DirectoryAdmin | undefined,
  log: Logger,
): Omit<auth.AdminServiceHandlers, 'ImportUsers' | 'Overview'> {
  const on = (): DirectoryAdmin => {
    if (!admin) throw directoryErrors.disabled();
    return admin;
  };
  return {
    ListUsers: unaryHandler(log, async (req: auth.ListUsersRequest__Output) => {
      const page = await on().list(req.actor?.id ?? '', req);
      return { users: page.users.map(summary), nextCursor: page.next };
    }),
    GetUser: unaryHandler(log, async (req: auth.GetUserRequest__Output) => {
      const d = await on().get(acting(req));
      return {
        user: summary(d.user),
        identities: d.identities.map(identity),
        passkeys: d.passkeys.map((p) => ({
          id: p.id,
          transports: p.transports,
          createdUnixMs: ms(p.createdAt),
          lastUsedUnixMs: ms(p.lastUsedAt),
        })),
        totpEnabled: d.totpEnabled,
        sessions: d.sessions.map(session),
        hasPassword: d.hasPassword,
      };
    }),
    BlockUser: unaryHandler(log, async (req: auth.BlockUserRequest__Output) => ({
      ended: (await on().block(acting(req), req.reason)).map(ended),
    })),
    UnblockUser: unaryHandler(log, async (req: auth.UnblockUserRequest__Output) => {
      await on().unblock(acting(req));
      return {};
    }),
    EndUserSessions: unaryHandler(log, async (req: auth.EndUserSessionsRequest__Output) => ({
      ended: (await on().endSessions(acting(req))).map(ended),
    })),
    AdminUnlinkIdentity: unaryHandler(log, async (req: auth.AdminUnlinkIdentityRequest__Output) => ({
      ended: (await on().unlink(acting(req), req.identityId)).map(ended),
    })),
    DeleteUser: unaryHandler(log, async (req: auth.DeleteUserRequest__Output) => ({
      ended: (await on().delete(acting(req))).map(ended),
    })),
    ExportUser: unaryHandler(log, async (req: auth.ExportUserRequest__Output) => ({
      documentJson: JSON.stringify(await on().export(acting(req))),
    })),
  };
}
