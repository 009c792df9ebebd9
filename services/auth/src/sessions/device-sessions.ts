import { AppError, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import type { Claims, Issued, TokenService } from '@gatehouse/token';
import { AuthErrors } from '../errors';
import type { EndedSession, Revocations } from '../stores/revocations';
import { SESSION_ID, type SessionEntry, type SessionRegistry, sessionIdOf } from '../stores/session-registry';
import type { SessionEvents, Sessions } from './sessions';

/** The browser a session was issued to, as the gateway saw it; shown, never trusted. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A session as its user's list shows it. */
export interface DeviceSession {
  id: string;
  createdMs: number;
  lastSeenMs: number;
  provider: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

/** The session a call is made with: its user and jti, from a token the gateway verified. */
export interface Caller {
  userId: string;
  jti: string;
}

const USER_AGENT_MAX = 512;
/** Longest address text kept: an IPv6 address with a zone fits. */
const IP_MAX = 64;

export const sessionErrors = {
  badCaller: () => new AppError('invalid_argument', AuthErrors.SESSION_BAD_REQUEST, 'the caller session is required'),
  malformedId: () => new AppError('invalid_argument', AuthErrors.SESSION_BAD_REQUEST, 'session id is malformed'),
  notFound: () => new AppError('not_found', AuthErrors.SESSION_NOT_FOUND, 'session not found'),
};

export interface DeviceSessionsDeps {
  registry: SessionRegistry;
  revocations: Revocations;
  /** Ends a session by jti (revocation and the gateways' feed), as logout does. */
  sessions: Pick<Sessions, 'endJti'>;
  tokens: Pick<TokenService, 'sessionEnd'>;
  log: Logger;
  /** AUTH_MAX_SESSIONS: a login past it ends the user's least recently seen sessions; 0 or unset: no cap. */
  maxPerUser?: number;
  now?: () => number;
}

/**
 * Sessions per device (docs/accounts.md "Sessions per device"): each login's session is recorded with the
 * browser it went to, its last refresh is kept (one small write per refresh, none per request), and
 * its user may list their live sessions and end any of them. Ending reuses logout's revocation, so the
 * session's tokens are refused by every gateway through the ended-sessions feed.
 */
export class DeviceSessions implements SessionEvents {
  private readonly now: () => number;

  constructor(private readonly deps: DeviceSessionsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Records a session just issued by a login. Never rejects: the login has already spent its one-time
   * code, and an unrecorded session is recorded at its first refresh (without its browser).
   */
  async issued(session: Issued, client: ClientInfo | null | undefined): Promise<void> {
    const entry = this.entryOf(session.claims, client);
    if (!entry) return;
    let recorded: number;
    try {
      recorded = await this.deps.registry.record(entry.userId, entry.entry);
    } catch (err) {
      this.deps.log.warn({ err }, 'session not recorded in the session list');
      return;
    }
    const max = this.deps.maxPerUser ?? 0;
    // Under the cap, the usual case, recording said enough: nothing more is read.
    if (max <= 0 || recorded <= max) return;
    await this.keepUnderCap(entry.userId, entry.entry.id, max).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'sessions over the per-user cap not ended');
    });
  }

  /**
   * A user past `max` (AUTH_MAX_SESSIONS) live sessions loses the least recently seen ones (never `newId`, the login
   * that got here), ended as logout ends a session. Two logins at the same moment may each end one, so
   * the user is left with up to one fewer: the bound holds either way.
   */
  private async keepUnderCap(userId: string, newId: string, max: number): Promise<void> {
    const live = await this.live(userId);
    const over = live.length - max;
    if (over <= 0) return;
    const leastRecent = live
      .filter((e) => e.id !== newId)
      .sort((a, b) => a.lastSeenMs - b.lastSeenMs || a.createdMs - b.createdMs)
      .slice(0, over);
    await Promise.all(leastRecent.map((e) => this.endEntry(userId, e)));
    this.deps.log.info(
      { ended: leastRecent.length, max },
      'sessions over the per-user cap ended, least recently seen first',
    );
  }

  /**
   * A refresh about to be signed: last_seen now. False for a session not recorded yet (issued before
   * this list existed, or while it did not answer); true when the list cannot tell (it does not answer:
   * the refresh's revocation check, in the same store, has just answered, so this is rare).
   */
  async refreshing(claims: Claims): Promise<boolean> {
    const userId = claims.user?.id;
    if (!userId || !claims.jti) return true;
    try {
      return await this.deps.registry.touch(userId, sessionIdOf(claims.jti), this.now());
    } catch (err) {
      this.deps.log.warn({ err }, 'session list not updated at refresh');
      return true;
    }
  }

  /** A refresh signed: a session the list did not know is recorded (without its browser). */
  async refreshed(claims: Claims, listed: boolean): Promise<void> {
    if (listed) return;
    const entry = this.entryOf(claims, undefined);
    if (!entry) return;
    await this.deps.registry.record(entry.userId, entry.entry).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'session list not updated at refresh');
    });
  }

  /** A logout: the session leaves the list. */
  async ended(claims: Claims): Promise<void> {
    const userId = claims.user?.id;
    if (!userId || !claims.jti) return;
    await this.deps.registry.remove(userId, [sessionIdOf(claims.jti)]).catch((err: unknown) => {
      // It is revoked already: the list leaves it out when it reads it (below).
      this.deps.log.warn({ err }, 'ended session not removed from the session list');
    });
  }

  /** The caller's user's live sessions, newest login first; revoked ones found on the way are dropped. */
  async list(caller: Caller): Promise<DeviceSession[]> {
    const { userId, jti } = checked(caller);
    const entries = await storeCall(() => this.live(userId));
    const currentId = sessionIdOf(jti);
    return (
      entries
        // Logins are whole seconds (auth_time): within one, the one seen last is the newer.
        .sort((a, b) => b.createdMs - a.createdMs || b.lastSeenMs - a.lastSeenMs || (a.id < b.id ? -1 : 1))
        .map((e) => ({
          id: e.id,
          createdMs: e.createdMs,
          lastSeenMs: e.lastSeenMs,
          provider: e.provider,
          userAgent: e.userAgent,
          ip: e.ip,
          current: e.id === currentId,
        }))
    );
  }

  /** Ends one of the caller's user's sessions; NOT_FOUND for any id that is not one of their live ones. */
  async end(caller: Caller, id: string): Promise<{ current: boolean; ended: EndedSession | undefined }> {
    const { userId, jti } = checked(caller);
    if (!SESSION_ID.test(id)) throw sessionErrors.malformedId();
    return storeCall(async () => {
      const entry = await this.deps.registry.get(userId, id);
      if (!entry || (await this.deps.revocations.isRevoked(entry.jti))) throw sessionErrors.notFound();
      const ended = await this.endEntry(userId, entry);
      return { current: entry.jti === jti, ended };
    });
  }

  /** Ends every live session of the caller's user but the caller's own. */
  async endOthers(caller: Caller): Promise<EndedSession[]> {
    const { userId, jti } = checked(caller);
    return storeCall(async () => {
      const others = (await this.live(userId)).filter((e) => e.jti !== jti);
      // At once rather than in turn: each waits for a replica under Sentinel (revocations.ts).
      const ended = await Promise.all(others.map((entry) => this.endEntry(userId, entry)));
      return ended.filter((e): e is EndedSession => e !== undefined);
    });
  }

  /** Any user's live sessions, newest login first (the admin API: no caller session, no current one). */
  async listOf(userId: string): Promise<Omit<DeviceSession, 'current'>[]> {
    const entries = await storeCall(() => this.live(userId));
    return entries
      .sort((a, b) => b.createdMs - a.createdMs)
      .map((e) => ({
        id: e.id,
        createdMs: e.createdMs,
        lastSeenMs: e.lastSeenMs,
        provider: e.provider,
        userAgent: e.userAgent,
        ip: e.ip,
      }));
  }

  /** Ends every live session of a user (a block, a deletion): each revoked and announced to every gateway. */
  async endAll(userId: string): Promise<EndedSession[]> {
    return storeCall(async () => {
      const ended = await Promise.all((await this.live(userId)).map((entry) => this.endEntry(userId, entry)));
      return ended.filter((e): e is EndedSession => e !== undefined);
    });
  }

  private async endEntry(userId: string, entry: SessionEntry): Promise<EndedSession | undefined> {
    // Revoked first: once that is done the session is over, whatever happens to the list entry.
    const ended = await this.deps.sessions.endJti(entry.jti, entry.endMs, { userId });
    await this.deps.registry.remove(userId, [entry.id]);
    return ended;
  }

  /** Unexpired entries whose session was not ended (a logout whose list removal failed is dropped here). */
  private async live(userId: string): Promise<SessionEntry[]> {
    const entries = await this.deps.registry.list(userId);
    const revoked = await Promise.all(entries.map((e) => this.deps.revocations.isRevoked(e.jti)));
    const gone = entries.filter((_, i) => revoked[i]);
    if (gone.length > 0)
      await this.deps.registry.remove(
        userId,
        gone.map((e) => e.id),
      );
    return entries.filter((_, i) => !revoked[i]);
  }

  private entryOf(
    claims: Claims,
    client: ClientInfo | null | undefined,
  ): { userId: string; entry: SessionEntry } | undefined {
    const userId = claims.user?.id;
    if (!userId || !claims.jti || claims.handshake) return undefined;
    const now = this.now();
    const endMs = this.deps.tokens.sessionEnd(claims);
    if (endMs <= now) return undefined;
    return {
      userId,
      entry: {
        id: sessionIdOf(claims.jti),
        jti: claims.jti,
        provider: claims.auth_provider?.name ?? '',
        createdMs: claims.auth_time ? claims.auth_time * 1000 : now,
        lastSeenMs: now,
        endMs,
        userAgent: (client?.userAgent ?? '').slice(0, USER_AGENT_MAX),
        ip: (client?.ip ?? '').slice(0, IP_MAX),
      },
    };
  }
}

/** Redis not answering is UNAVAILABLE (503, try again), not an internal error; our own refusals pass. */
async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unavailable(AuthErrors.SESSION_STORE_UNAVAILABLE, 'the session list is unavailable now, try again', err);
  }
}

function checked(caller: Caller | undefined): Caller {
  if (!caller?.userId || !caller.jti) throw sessionErrors.badCaller();
  return caller;
}
