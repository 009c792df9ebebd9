import type { AuthConfig } from '../config';
import { type SessionRecorder, sessionRecorder, totpCheckRecorder } from '../grpc/metrics';
import { DeviceSessions } from '../sessions/device-sessions';
import { LoginFinisher } from '../sessions/finish-login';
import { AuditedDeviceSessions, AuthTrail } from '../sessions/session-events';
import { Sessions } from '../sessions/sessions';
import { openSecondFactor } from '../totp/open';
import type { SecondFactor } from '../totp/second-factor';
import type { Core } from './core';
import type { Signing } from './tokens';

/** Where logins end and what follows a session's life. */
export interface SessionsFeature {
  /** Refresh and logout, and the feed of ended sessions. */
  sessions: Sessions;
  /** Sessions per device (with their events when there is a trail). */
  devices: DeviceSessions;
  /** TOTP (docs/accounts.md "Second factor (TOTP)"); undefined without a database. */
  secondFactor: SecondFactor | undefined;
  /** Whether TOTP can be set up (AUTH_TOTP_KEY set too). */
  totpAvailable: boolean;
  /** The end of every login. */
  finisher: LoginFinisher;
  /** The audit trail's writer for auth's events outside a transaction; undefined without a database. */
  trail: AuthTrail | undefined;
  /** Logins, refreshes and logouts counted; undefined when metrics are off. */
  recorder: SessionRecorder | undefined;
}

/** The second factor, the session list (in Redis) with its trail (in Postgres), and the login finisher. */
export function openSessions(config: AuthConfig, core: Core, signing: Signing): SessionsFeature {
  const { pool, stores, metrics, log } = core;
  const { tokens, directory } = signing;
  const totp = openSecondFactor({
    pool,
    settings: config.totp,
    redis: stores.redis && { client: stores.redis, keyPrefix: config.redis.keyPrefix },
    limiter: stores.limiter,
    tokens,
    issuer: config.token.issuer,
    log,
    checked: metrics && totpCheckRecorder(metrics),
    readAtLogin: directory && ((jti, userId) => directory.secondFactorAtLogin(jti, userId)),
  });
  // Sessions tells the session list of every refresh and logout; the list ends sessions through
  // Sessions (called only once both exist).
  const deviceDeps = {
    registry: stores.sessionRegistry,
    revocations: stores.revocations,
    sessions: { endJti: (...args: Parameters<Sessions['endJti']>) => sessions.endJti(...args) },
    tokens,
    log,
    maxPerUser: config.maxSessionsPerUser,
  };
  // With a database, logins and ended sessions are in the audit trail too (session-events.ts).
  const trail = pool && new AuthTrail(pool, log);
  const devices = trail ? new AuditedDeviceSessions(deviceDeps, trail) : new DeviceSessions(deviceDeps);
  const sessions = new Sessions(tokens, stores.revocations, Date.now, devices);
  const recorder = metrics && sessionRecorder(metrics);
  const finisher = new LoginFinisher({
    devices,
    secondFactor: totp.secondFactor,
    trail,
    counted: recorder && ((provider, how) => recorder.issued(provider, how)),
  });
  const { secondFactor, available: totpAvailable } = totp;
  return { sessions, devices, secondFactor, totpAvailable, finisher, trail, recorder };
}
