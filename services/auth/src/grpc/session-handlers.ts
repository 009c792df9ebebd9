import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { Caller, DeviceSessions } from '../sessions/device-sessions';
import type { EndedSession } from '../stores/revocations';

function callerOf(req: { caller?: auth.SessionCaller__Output | null }): Caller {
  return { userId: req.caller?.userId ?? '', jti: req.caller?.jti ?? '' };
}

/** An ended session as the gateways hear of it. */
export function ended(e: EndedSession): auth.EndedSession {
  return { jti: e.jti, untilUnixMs: e.untilMs };
}

/** gRPC adapter of auth.v1.SessionService (sessions per device). */
export function sessionHandlers(devices: DeviceSessions, log: Logger): auth.SessionServiceHandlers {
  return {
    ListSessions: unaryHandler(log, async (req: auth.ListSessionsRequest__Output) => ({
      sessions: (await devices.list(callerOf(req))).map((s) => ({
        id: s.id,
        createdUnixMs: s.createdMs,
        lastSeenUnixMs: s.lastSeenMs,
        provider: s.provider,
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.current,
      })),
    })),
    EndSession: unaryHandler(log, async (req: auth.EndSessionRequest__Output) => {
      const done = await devices.end(callerOf(req), req.id);
      return { current: done.current, ended: done.ended && ended(done.ended) };
    }),
    EndOtherSessions: unaryHandler(log, async (req: auth.EndOtherSessionsRequest__Output) => ({
      ended: (await devices.endOthers(callerOf(req))).map(ended),
    })),
  };
}
