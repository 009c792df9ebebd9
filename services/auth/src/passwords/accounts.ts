import { EMAIL } from '@gatehouse/contract';
import type { Logger } from '@gatehouse/logger';
import type { Issued } from '@gatehouse/token';
import { userId } from '@gatehouse/token';
import type { RateLimiter } from '../stores/limits';
import { isAbandoned, passwordErrors } from './errors';
import type { PasswordHasher } from './hashing';
import { captchaDue, failureKeys, hitAll, loginKeys, messageKeys, type PasswordAccountLimits } from './limits';
import type { PasswordMailer } from './messages';
import { PASSWORD_PROVIDER, type PasswordAccount, type PgPasswordStore } from './store';
import type { CaptchaCheck, PasswordRules } from './types';

export interface PasswordSettings {
  /** AUTH_PASSWORD_SIGNUP: anyone may sign up (false: only admins create or import users). */
  signupOpen: boolean;
  /** AUTH_PASSWORD_REQUIRE_VERIFIED: no login until the address is verified. */
  requireVerified: boolean;
  verifyTtlMs: number;
  resetTtlMs: number;
  inviteTtlMs: number;
}

/** A failed login as the trail is told of it (events/, bounded there). */
export interface FailedLogin {
  /** The user id the address stands for (`password_<sha1(lower(email))>`), known or not. */
  attempted: string;
  clientIp: string;
  userAgent: string;
  /** `abandoned`: the caller went away while the check waited for its turn; it was never computed. */
  reason: 'refused' | 'rate_limited' | 'abandoned';
}

export interface PasswordAccountsDeps {
  store: PgPasswordStore;
  hasher: PasswordHasher;
  rules: PasswordRules;
  /** AUTH_CAPTCHA_PROVIDER; undefined: no CAPTCHA anywhere. */
  captcha: CaptchaCheck | undefined;
  mailer: PasswordMailer;
  limiter: RateLimiter;
  limits: PasswordAccountLimits;
  settings: PasswordSettings;
  /** Signs the session of a password login (the directory resolves the identity to its user). */
  issue(account: PasswordAccount, login: { site: string; sessionOnly: boolean }): Promise<Issued>;
  failed?: (f: FailedLogin) => Promise<void>;
  log: Logger;
}

export interface ClientCall {
  clientIp: string;
  userAgent?: string;
  /** The CAPTCHA widget's token, when the page showed one. */
  captcha?: string;
}

/** The address as given, trimmed; refused when it cannot be one (the gateway's schema checked it too). */
export function addressOf(text: string): string {
  const email = text.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw passwordErrors.badInput('email must be an email address');
  return email;
}

/** The key of an address in the limiter: the same for known and unknown addresses. */
export const attemptedId = (email: string) => userId(PASSWORD_PROVIDER, email.toLowerCase());

/**
 * Sign-up, verification and login of password accounts (docs/password-accounts.md). Answers never say
 * whether an address has an account: sign-up and a reset's start answer the same whatever it is, with
 * the same work done before the answer (the policy and a hash, or a dummy verification); what differs
 * (the rows, the message) happens after it, in `later`.
 */
export class PasswordAccounts {
  private readonly pending = new Set<Promise<void>>();

  constructor(readonly deps: PasswordAccountsDeps) {}

  /** Work done after the answer (rows and messages): failures are logged, never answered. */
  later(what: string, work: () => Promise<void>): void {
    const p = work()
      .catch((err: unknown) => this.deps.log.error({ err }, `password accounts: ${what} failed`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once the work begun so far is done (a graceful stop, tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Refused unless the CAPTCHA (when configured) was solved; fails closed. */
  async requireCaptcha(call: ClientCall): Promise<void> {
    const captcha = this.deps.captcha;
    if (!captcha) return;
    if (!call.captcha) throw passwordErrors.captchaRequired();
    if (call.captcha.length > 4096 || !(await captcha.verify(call.captcha, call.clientIp))) {
      throw passwordErrors.captchaFailed();
    }
  }

  /** Counts one message to `address` from the client: the seconds to wait, or 0. */
  messageLimit(address: string, clientIp: string): Promise<number> {
    return hitAll(this.deps.limiter, messageKeys(address.toLowerCase(), clientIp, this.deps.limits));
  }

  async signup(input: { email: string; password: string; name: string } & ClientCall): Promise<{ retryAfter: number }> {
    const { settings, rules, hasher, store } = this.deps;
    if (!settings.signupOpen) throw passwordErrors.signupClosed();
    const email = addressOf(input.email);
    const retryAfter = await this.messageLimit(email, input.clientIp);
    if (retryAfter > 0) return { retryAfter };
    await this.requireCaptcha(input);
    const verdict = await rules.check(input.password);
    if (!verdict.ok) throw passwordErrors.policy(verdict.error);
    // Hashed whether or not the address is free: the answer takes as long either way.
    const hash = await hasher.hash(verdict.normalized);
    const existing = await store.byEmail(email);
    const name = input.name.trim() || email.split('@')[0] || email;
    this.later('sign-up', async () => {
      if (existing) return this.sendReset(existing, 'registered');
      const made = await store.create({ email, name, hash, source: 'signup', emailVerified: false });
      // Taken between the read and the insert: the other sign-up's owner hears of this one.
      if (made === 'taken') return;
      await this.sendVerification(made.created);
    });
    return { retryAfter: 0 };
  }

  async sendVerification(account: PasswordAccount, to = account.email): Promise<void> {
    const token = await this.deps.store.issueToken(account.identityId, 'verify', this.deps.settings.verifyTtlMs);
    await this.deps.mailer.send('verify', to, this.deps.mailer.link('verify', token));
  }

  /** A reset link (`reset`), or the notice of a sign-up with a taken address carrying one (`registered`). */
  async sendReset(account: PasswordAccount, kind: 'reset' | 'registered' | 'invite'): Promise<void> {
    const ttl = kind === 'invite' ? this.deps.settings.inviteTtlMs : this.deps.settings.resetTtlMs;
    const token = await this.deps.store.issueToken(account.identityId, kind === 'invite' ? 'invite' : 'reset', ttl);
    await this.deps.mailer.send(kind, account.email, this.deps.mailer.link('reset', token));
  }

  /** A verification link: the address (or the new address of a change) is proved. */
  async verify(token: string): Promise<{ emailChanged: boolean }> {
    const { store } = this.deps;
    const spent = await store.spendToken(token, ['verify', 'email_change']);
    const account = spent && (await store.byIdentity(spent.identityId));
    if (!spent || !account) throw passwordErrors.badToken();
    if (spent.purpose === 'verify') {
      await store.markVerified(account);
      return { emailChanged: false };
    }
    const to = spent.email ?? '';
    if ((await store.changeEmail(account, to)) === 'taken') throw passwordErrors.emailTaken();
    return { emailChanged: true };
  }

  /**
   * A password login: counted before anything is checked; an unknown address costs a dummy
   * verification, so it answers as late as a known one; an imported or older hash that was right is
   * replaced by Argon2id with today's parameters.
   */
  async login(
    input: { email: string; password: string; site: string; sessionOnly: boolean } & ClientCall,
    /** Aborted when the caller goes away: a check still waiting for its turn is then not computed. */
    signal?: AbortSignal,
  ): Promise<{ session: Issued } | { retryAfter: number }> {
    const { limiter, limits, store, hasher } = this.deps;
    const email = addressOf(input.email);
    if (!input.password || input.password.length > 4096) throw passwordErrors.incorrect();
    const attempted = attemptedId(email);
    const keys = loginKeys(attempted, input.clientIp, limits);
    const failures = failureKeys(attempted, input.clientIp, limits);
    const fail = (reason: FailedLogin['reason']) =>
      this.deps.failed?.({ attempted, clientIp: input.clientIp, userAgent: input.userAgent ?? '', reason });
    const retryAfter = await hitAll(limiter, keys.hits);
    if (retryAfter > 0) {
      await fail('rate_limited');
      return { retryAfter };
    }
    if (this.deps.captcha && (await captchaDue(limiter, failures))) await this.requireCaptcha(input);
    const account = await store.byEmail(email);
    const normalized = input.password.normalize('NFKC');
    const verdict = await hasher
      .verify(account?.hash ?? null, input.password, normalized, signal)
      .catch(async (err) => {
        // Never judged, so no failure for the limits; still an attempt the operator sees (counted, in the trail).
        if (isAbandoned(err)) await fail('abandoned');
        throw err;
      });
    if (!account || !verdict.ok) {
      await hitAll(limiter, failures);
      await fail('refused');
      throw passwordErrors.incorrect();
    }
    await limiter.reset(keys.reset);
    if (verdict.rehash && account.hash) {
      const stored = account.hash;
      const fresh = await hasher.hash(normalized);
      // Conditional: a reset that landed meanwhile is never overwritten by the old password's hash.
      await store.rehash(account.identityId, stored, fresh);
    }
    if (this.deps.settings.requireVerified && !account.emailVerified) {
      const wait = await this.messageLimit(account.email, input.clientIp);
      if (wait === 0) this.later('verification resend', () => this.sendVerification(account));
      throw passwordErrors.notVerified();
    }
    const session = await this.deps.issue(account, { site: input.site, sessionOnly: input.sessionOnly });
    return { session };
  }
}
