import type { Issued } from '@gatehouse/token';
import type { PendingLogin, SecondFactor } from '../totp/second-factor';
import type { ClientInfo, DeviceSessions } from './device-sessions';
import { type AuthTrail, loginSucceeded } from './session-events';

/**
 * How a login finished, the step that gave its session: an OAuth2 provider's callback (the dev provider
 * and OpenID Connect ones among them), a login handler's user (direct, verified, Telegram, custom
 * handlers), a password account's login, a passkey, or the second factor after one of the first two (a TOTP code or a recovery code).
 */
export type LoginFinish = OneFactor | 'passkey' | 'totp' | 'recovery_code';

/**
 * The logins that are one factor: a user with TOTP on gives a code after them. A passkey is two factors
 * already (a key held, the user verified by the authenticator), and the code steps are the second one.
 */
type OneFactor = 'oauth2' | 'handler' | 'password';
const ONE_FACTOR: ReadonlySet<LoginFinish> = new Set<OneFactor>(['oauth2', 'handler', 'password']);

export interface FinishingLogin {
  /** The session the login's engine signed (OAuth2Login, HandlerSessions, PasskeyLogin, SecondFactor). */
  session: Issued;
  /** The browser it goes to, as the gateway saw it. */
  client: ClientInfo | null | undefined;
  how: LoginFinish;
  /** Where the browser goes once the code is given, when the login is held for a second factor. */
  redirectUrl?: string;
}

/** A finished login's session, or the pending login that stands for it until the second factor comes. */
export type FinishedLogin = { session: Issued } | { pending: PendingLogin };

export interface LoginFinisherDeps {
  /** The session list: every session a login gives is recorded with its browser. */
  devices: Pick<DeviceSessions, 'issued'>;
  /** The TOTP hold; undefined without a database (nobody can have a second factor). */
  secondFactor?: Pick<SecondFactor, 'hold'>;
  /** The audit trail; undefined without a database. */
  trail?: Pick<AuthTrail, 'record'>;
  /** Told of every session a login gave (gatehouse_auth_sessions_issued_total); unset: metrics off. */
  counted?: (provider: string, how: LoginFinish) => void;
}

/**
 * The end of every login, whatever its kind: a one-factor login of a user with TOTP on is held for
 * the code (its session is dropped unsent, and nothing else happens until the code completes it, a
 * login of its own here); any other gets its session recorded in the session list with its browser,
 * one `login.succeeded` in the trail and one count by provider and how it finished. The gRPC adapters
 * call it once per login, so no kind can skip a step nor take one twice.
 */
export class LoginFinisher {
  constructor(private readonly deps: LoginFinisherDeps) {}

  /** A login of two factors (a passkey, a code after the first factor) is never held: its session. */
  finish(login: FinishingLogin & { how: Exclude<LoginFinish, OneFactor> }): Promise<{ session: Issued }>;
  finish(login: FinishingLogin): Promise<FinishedLogin>;
  async finish(login: FinishingLogin): Promise<FinishedLogin> {
    const { session, client, how } = login;
    if (ONE_FACTOR.has(how) && this.deps.secondFactor) {
      const held = await this.deps.secondFactor.hold(session, login.redirectUrl ?? '');
      if ('pending' in held) return held;
    }
    // Never rejects: the login's one-time code is spent already (device-sessions.ts, AuthTrail).
    await this.deps.devices.issued(session, client);
    const event = this.deps.trail && loginSucceeded(session, client);
    if (event) await this.deps.trail?.record(event);
    // The provider is a configured name (bounded): only sessions actually issued are counted.
    this.deps.counted?.(session.claims.auth_provider?.name ?? '', how);
    return { session };
  }
}
