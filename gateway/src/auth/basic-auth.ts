import type { Logger } from '@gatehouse/logger';
import type { PasswordAttempts } from '@gatehouse/redis';
import { ADMIN_USER, type BasicCredentials, isAdminLogin, type User } from '@gatehouse/token';
import type Koa from 'koa';
import { type Refused, refused } from './refusals';

/** A caller let in by basic auth (one of authenticator.ts's Authenticated). */
export interface BasicAuthenticated {
  ok: true;
  user: User;
  source: 'basic';
}

/**
 * Basic auth as go-pkgz/auth has it: the application's CheckBasicAuth hook decides every Basic header
 * when it is set; otherwise the admin user with AUTH_ADMIN_PASSWD. Every attempt is counted before the
 * password is compared, and any failure of the checker or the counters refuses (fail closed).
 */
export class BasicAuth {
  constructor(
    private readonly attempts: PasswordAttempts,
    private readonly options: {
      adminPassword: string | undefined;
      checkBasicAuth?: (user: string, password: string) => Promise<User | null>;
      passwordChecked?: (right: boolean) => void;
      log: Logger;
    },
  ) {}

  get hooked(): boolean {
    return this.options.checkBasicAuth !== undefined;
  }

  async byHook(ctx: Koa.Context, { user, password }: BasicCredentials): Promise<BasicAuthenticated | Refused> {
    try {
      const limited = await this.limited(user, ctx.ip);
      if (limited) return limited;
      const found = await this.options.checkBasicAuth?.(user, password);
      this.options.passwordChecked?.(Boolean(found));
      if (found) {
        await this.attempts.succeeded(user, ctx.ip);
        return { ok: true, user: found, source: 'basic' };
      }
    } catch (err) {
      // Fail closed: without the checker or the attempt counters, no password is taken.
      this.options.log.error({ err }, 'basic auth checker or attempt limiter failed');
      return refused('basic_refused', false);
    }
    this.options.log.warn({ client: ctx.ip }, 'basic auth refused');
    return refused('basic_refused', false);
  }

  /** Admin basic auth: the admin user, a refusal when this client has failed too often, or undefined (no match). */
  async admin(ctx: Koa.Context, credentials: BasicCredentials): Promise<BasicAuthenticated | Refused | undefined> {
    const password = this.options.adminPassword;
    if (!password) return undefined;
    const { user } = credentials;
    try {
      const limited = await this.limited(user, ctx.ip);
      if (limited) return limited;
      const right = isAdminLogin(credentials, password);
      this.options.passwordChecked?.(right);
      if (right) {
        await this.attempts.succeeded(user, ctx.ip);
        return { ok: true, user: ADMIN_USER, source: 'basic' };
      }
    } catch (err) {
      // Fail closed: with the shared counters out of reach, no password is checked (guesses are uncounted).
      this.options.log.error({ err }, 'basic auth attempt limiter failed');
      return refused('basic_refused', false);
    }
    // Neither the user name nor the password is logged: without a colon, the "user" is the password.
    this.options.log.warn({ client: ctx.ip }, 'admin basic auth failed');
    return undefined;
  }

  /** Counts the attempt first (so that many at once cannot all be checked), then says whether it may go on. */
  private async limited(user: string, client: string): Promise<Refused | undefined> {
    const wait = await this.attempts.attempt(user, client);
    if (wait === 0) return undefined;
    return refused('too_many_attempts', false, undefined, { status: 429, retryAfterSeconds: wait });
  }
}
