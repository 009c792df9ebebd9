import { type NewEvent, recordEvent } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import type { Claims, Issued } from '@gatehouse/token';
import type { Pool } from 'pg';
import { type Caller, type ClientInfo, DeviceSessions, type DeviceSessionsDeps } from './device-sessions';

/**
 * Writes auth's events that have no Postgres transaction to join (sessions live in Redis and tokens):
 * each in a statement of its own, after the change. A trail that cannot be written is logged and the
 * login goes on: the session is already issued (its one-time code spent).
 */
export class AuthTrail {
  constructor(
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {}

  async record(event: NewEvent): Promise<void> {
    try {
      await recordEvent(this.pool, event);
    } catch (err) {
      this.log.warn({ err, type: event.type }, 'event not written to the audit trail');
    }
  }
}

/**
 * A login finished (finish-login.ts, the one place every login kind ends): `login.succeeded`, by its
 * user, with the browser it went to. No token, jti or code is in it.
 */
export function loginSucceeded(session: Issued, client: ClientInfo | null | undefined): NewEvent | undefined {
  const { claims } = session;
  const userId = claims.user?.id;
  if (!userId || claims.handshake) return undefined;
  return {
    type: 'login.succeeded',
    actor: { kind: 'user', id: userId },
    subjectUser: userId,
    clientAddress: client?.ip || null,
    userAgent: client?.userAgent || null,
    data: {
      provider: codeOf(claims.auth_provider?.name),
      // A second factor given: `mfa`, never `otp` alone, which an email-link login carries (issue 43).
      ...(claims.amr?.includes('mfa') ? { method: 'totp' } : {}),
    },
  };
}

/**
 * The session list with the events of sessions ending: every logout passes through `ended`, every
 * session a user ends through `end`/`endOthers`, an admin's through `endAll`. So those events come from
 * the one place, whichever route asked. A login's `login.succeeded` is the finisher's (finish-login.ts).
 */
export class AuditedDeviceSessions extends DeviceSessions {
  constructor(
    deps: DeviceSessionsDeps,
    private readonly trail: AuthTrail,
  ) {
    super(deps);
  }

  override async ended(claims: Claims): Promise<void> {
    await super.ended(claims);
    const userId = claims.user?.id;
    if (userId) await this.sessionEnded(userId, 'logout');
  }

  override async end(caller: Caller, id: string) {
    const done = await super.end(caller, id);
    await this.sessionEnded(caller.userId, 'revoked');
    return done;
  }

  override async endOthers(caller: Caller) {
    const ended = await super.endOthers(caller);
    if (ended.length > 0) await this.sessionEnded(caller.userId, 'revoked_others');
    return ended;
  }

  /** Every session of the user ended by an admin (a block, a delete, EndUserSessions). */
  override async endAll(userId: string) {
    const ended = await super.endAll(userId);
    if (ended.length > 0) await this.sessionEnded(userId, 'admin');
    return ended;
  }

  private sessionEnded(userId: string, reason: 'logout' | 'revoked' | 'revoked_others' | 'admin') {
    return this.trail.record({
      type: 'session.ended',
      // An admin's ending names the admin in its own admin.action event; here the kind is enough.
      actor: reason === 'admin' ? { kind: 'admin' } : { kind: 'user', id: userId },
      subjectUser: userId,
      data: { reason },
    });
  }
}

/** A provider name as the trail's codes spell them (lower case; anything else becomes `other`). */
function codeOf(name: string | undefined): string {
  const lower = (name ?? '').toLowerCase();
  return /^[a-z0-9][a-z0-9_.:-]{0,63}$/.test(lower) ? lower : 'other';
}
