import type { EndedSession } from '../stores/revocations';
import { addressOf, type ClientCall, type PasswordAccounts } from './accounts';
import { passwordErrors } from './errors';
import { hitAll, loginKeys } from './limits';
import type { PasswordAccount } from './store';

/** Ending a user's sessions (the session list): every one, or every one but the caller's. */
export interface SessionEnding {
  endAll(userId: string): Promise<EndedSession[]>;
  endOthers(caller: { userId: string; jti: string }): Promise<EndedSession[]>;
}

/** The session of the caller, as the gateway vouches for it (a cookie session with its XSRF header). */
export interface Caller {
  userId: string;
  jti: string;
  clientIp: string;
}

/**
 * The rest of a password's life: "forgot password" (a reset link, then a new password that ends every
 * session of the user), a change by its logged-in user, a change of address (applied once the new
 * address proves itself), and what admins do (an account made with a password or an invitation, a
 * forced reset).
 */
export class PasswordRecovery {
  constructor(
    private readonly accounts: PasswordAccounts,
    private readonly sessions: SessionEnding,
  ) {}

  /** Answers the same whether the address has an account or not; the link is sent after the answer. */
  async resetStart(input: { email: string } & ClientCall): Promise<{ retryAfter: number }> {
    const a = this.accounts;
    const email = addressOf(input.email);
    const retryAfter = await a.messageLimit(email, input.clientIp);
    if (retryAfter > 0) return { retryAfter };
    await a.requireCaptcha(input);
    const account = await a.deps.store.byEmail(email);
    if (account) a.later('reset link', () => a.sendReset(account, 'reset'));
    return { retryAfter: 0 };
  }

  /**
   * A reset (or invitation) link and the new password: the password is checked before the token is
   * spent (a refused password leaves the link usable), then set, every session of the user ended
   * (each gateway hears of it at once), and the user told. No session is given: they log in.
   */
  async resetComplete(input: { token: string; password: string }): Promise<{ ended: EndedSession[] }> {
    const { store, rules, hasher, mailer } = this.accounts.deps;
    const verdict = await rules.check(input.password);
    if (!verdict.ok) throw passwordErrors.policy(verdict.error);
    const spent = await store.spendToken(input.token, ['reset', 'invite']);
    const account = spent && (await store.byIdentity(spent.identityId));
    if (!spent || !account) throw passwordErrors.badToken();
    await store.setPassword(account, await hasher.hash(verdict.normalized), 'reset');
    const ended = await this.sessions.endAll(account.userId);
    this.accounts.later('reset notice', () => mailer.send('reset_done', account.email));
    return { ended };
  }

  /** The logged-in user's new password: the current one first (counted as a login's attempt). */
  async change(caller: Caller, current: string, password: string): Promise<{ ended: EndedSession[] }> {
    const { store, rules, hasher, mailer, limiter, limits } = this.accounts.deps;
    const account = await this.accountOf(caller.userId);
    if (!account.hash) throw passwordErrors.noPassword();
    const keys = loginKeys(account.identityId, caller.clientIp, limits);
    if ((await hitAll(limiter, keys.hits)) > 0) throw passwordErrors.wrongCurrent();
    const checked = await hasher.verify(account.hash, current, current.normalize('NFKC'));
    if (!checked.ok) throw passwordErrors.wrongCurrent();
    await limiter.reset(keys.reset);
    const verdict = await rules.check(password);
    if (!verdict.ok) throw passwordErrors.policy(verdict.error);
    await store.setPassword(account, await hasher.hash(verdict.normalized), 'changed');
    // A session somebody else holds (the reason many change a password) ends with the old password.
    const ended = await this.sessions.endOthers({ userId: caller.userId, jti: caller.jti });
    this.accounts.later('change notice', () => mailer.send('changed', account.email));
    return { ended };
  }

  /**
   * A change of address: a link to the new address (which alone applies the change), a notice to the
   * old one. A new address another account has gets that account's "already registered" notice
   * instead, and the caller the same answer.
   */
  async changeEmail(caller: Caller, newEmail: string): Promise<{ retryAfter: number }> {
    const a = this.accounts;
    const { store, mailer, settings } = a.deps;
    const email = addressOf(newEmail);
    const account = await this.accountOf(caller.userId);
    if (email.toLowerCase() === account.email.toLowerCase()) throw passwordErrors.sameEmail();
    const retryAfter = await a.messageLimit(email, caller.clientIp);
    if (retryAfter > 0) return { retryAfter };
    const owner = await store.byEmail(email);
    a.later('address change', async () => {
      if (owner) await a.sendReset(owner, 'registered');
      else {
        const token = await store.issueToken(account.identityId, 'email_change', settings.verifyTtlMs, email);
        await mailer.send('email_change', email, mailer.link('verify', token));
      }
      await mailer.send('email_change_notice', account.email);
    });
    return { retryAfter: 0 };
  }

  /**
   * A password for a user of another provider: a `password` identity linked to the caller's user (the
   * directory's linking rules: the caller's own act, never by matching an address), its address
   * verified by the link mailed to it. An address another account has gets that account's "already
   * registered" notice instead, and the caller the same answer.
   */
  async addPassword(caller: Caller, newEmail: string, password: string): Promise<{ retryAfter: number }> {
    const a = this.accounts;
    const { store, rules, hasher } = a.deps;
    const email = addressOf(newEmail);
    const retryAfter = await a.messageLimit(email, caller.clientIp);
    if (retryAfter > 0) return { retryAfter };
    const verdict = await rules.check(password);
    if (!verdict.ok) throw passwordErrors.policy(verdict.error);
    const hash = await hasher.hash(verdict.normalized);
    const added = await store.addToUser(caller.userId, { email, hash });
    if (added === 'has_password') throw passwordErrors.hasPassword();
    if (added === 'taken') {
      const owner = await store.byEmail(email);
      if (owner) a.later('address taken notice', () => a.sendReset(owner, 'registered'));
    } else {
      a.later('verification', () => a.sendVerification(added.added));
    }
    return { retryAfter: 0 };
  }

  /**
   * An account an admin makes: with a password (the policy applies; the address counts as verified,
   * the admin vouched for it) or with an invitation link to set one.
   */
  async adminCreate(input: {
    email: string;
    name: string;
    password?: string;
    admin: string;
  }): Promise<PasswordAccount | 'taken'> {
    const { store, rules, hasher } = this.accounts.deps;
    const email = addressOf(input.email);
    let hash: string | null = null;
    if (input.password) {
      const verdict = await rules.check(input.password);
      if (!verdict.ok) throw passwordErrors.policy(verdict.error);
      hash = await hasher.hash(verdict.normalized);
    }
    const name = input.name.trim() || email.split('@')[0] || email;
    const made = await store.create({ email, name, hash, source: 'admin', emailVerified: true, admin: input.admin });
    if (made === 'taken') return 'taken';
    // Mailed after the answer, as every message: a slow mail server never holds the admin's call.
    if (!hash) this.accounts.later('invitation', () => this.accounts.sendReset(made.created, 'invite'));
    return made.created;
  }

  /**
   * An admin's forced reset: the password stops working at once, every session ends, and the user
   * gets a reset link. Undefined: the user has no password account.
   */
  async adminForceReset(userId: string, admin: string): Promise<{ ended: EndedSession[] } | undefined> {
    const { store } = this.accounts.deps;
    const account = await store.byUser(userId);
    if (!account) return undefined;
    await store.clearPassword(account, admin);
    const ended = await this.sessions.endAll(account.userId);
    this.accounts.later('forced reset link', () => this.accounts.sendReset({ ...account, hash: null }, 'reset'));
    return { ended };
  }

  private async accountOf(userId: string): Promise<PasswordAccount> {
    const account = await this.accounts.deps.store.byUser(userId);
    if (!account) throw passwordErrors.noPassword();
    return account;
  }
}
