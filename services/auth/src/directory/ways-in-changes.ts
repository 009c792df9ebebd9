import type { Logger } from '@gatehouse/logger';
import type { EndedSession } from '../stores/revocations';
import type { PgDirectoryStore } from './store';

/** Where a link or unlink notice goes (the configured sender); throws when it cannot deliver. */
export type Notify = (address: string, text: string) => Promise<void>;

/**
 * Ending a user's sessions (sessions/device-sessions.ts): a change of the ways in ends the sessions that
 * may have come through the old ones (issue 43).
 */
export interface SessionEnder {
  endAll(userId: string): Promise<EndedSession[]>;
  endOthers(caller: { userId: string; jti: string }): Promise<EndedSession[]>;
}

/** The sessions an unlink ended, or `notEnded` when the session store did not answer. */
export interface UnlinkOutcome {
  ended: EndedSession[];
  notEnded: boolean;
}

export interface WaysInChangesDeps {
  store: Pick<PgDirectoryStore, 'verifiedAddresses'>;
  notify?: Notify;
  /** Ending sessions; unset (no session list), nothing is ended. Called only after start. */
  sessions?: () => SessionEnder | undefined;
  log: Logger;
}

/**
 * What follows a change of a user's ways in (docs/accounts.md "Linking"): the sessions that may have
 * come through the old ones end, and the user is told at every verified address of their identities,
 * so a hostile link or unlink is heard and leaves no session behind (issue 43).
 */
export class WaysInChanges {
  constructor(private readonly deps: WaysInChangesDeps) {}

  /**
   * A new identity joined the user by its verified address (AUTH_LINK_BY_EMAIL): every session the user
   * had ends (this login's own is issued after), and the addresses the user had before are told, so a
   * hostile join through an address that changed hands is seen and leaves no session behind (issue 43).
   */
  async joinedByEmail(userId: string, identityId: string, name: string, provider: string): Promise<void> {
    this.deps.log.info({ user: userId, identity: identityId, provider }, 'identity linked by verified email');
    let ended = 'every other session of your account was ended';
    try {
      await this.deps.sessions?.()?.endAll(userId);
    } catch (err) {
      this.deps.log.warn({ err, user: userId }, 'sessions not ended after a link by email');
      ended = 'your other sessions could not be ended: end them from your session list';
    }
    void this.tell(
      userId,
      `Your ${provider} login "${name}" was linked to your account by its verified email, and ${ended}. If this was not you, unlink it and secure your account.`,
      identityId,
    );
  }

  /** The user's verified addresses now (read before an admin's unlink, to tell the one it removes). */
  async addressesOf(userId: string): Promise<string[]> {
    return this.deps.store.verifiedAddresses(userId).catch(() => []);
  }

  /**
   * After an unlink (the user's or an admin's): the sessions ended and the user told, at the addresses
   * they had before it too (`before`), the unlinked identity's among them.
   */
  async unlinked(
    userId: string,
    identityId: string,
    caller: { jti: string } | undefined,
    before: string[] = [],
  ): Promise<UnlinkOutcome> {
    let done: UnlinkOutcome = { ended: [], notEnded: false };
    let sessionsText = '';
    const sessions = this.deps.sessions?.();
    if (sessions) {
      try {
        const ended = caller ? await sessions.endOthers({ userId, jti: caller.jti }) : await sessions.endAll(userId);
        done = { ended, notEnded: false };
        sessionsText = `, and ${caller ? 'every other session' : 'every session'} of your account was ended`;
      } catch (err) {
        this.deps.log.warn({ err, user: userId }, 'sessions not ended after an unlink');
        done = { ended: [], notEnded: true };
        sessionsText = ', but your other sessions could not be ended: end them from your session list';
      }
    }
    await this.tell(
      userId,
      `The login ${identityId} was unlinked from your account${sessionsText}. If this was not you, secure your account.`,
      '',
      before,
    );
    return done;
  }

  /**
   * Tells the user of a change to their ways in, at every verified address of their identities (but
   * `exceptIdentity`'s) and at `also`; never fails the change.
   */
  private async tell(userId: string, text: string, exceptIdentity = '', also: string[] = []): Promise<void> {
    if (!this.deps.notify) return;
    try {
      const current = await this.deps.store.verifiedAddresses(userId, exceptIdentity);
      const seen = new Set<string>();
      for (const address of [...current, ...also]) {
        const key = address.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        await this.deps.notify(address, text).catch((err: unknown) => {
          this.deps.log.warn({ err, user: userId }, 'link notice not sent to one address');
        });
      }
    } catch (err) {
      this.deps.log.warn({ err, user: userId }, 'link notice not sent');
    }
  }

  /** A link the user made: told at every verified address, the new identity's among them. */
  async linked(userId: string, provider: string, name: string): Promise<void> {
    await this.tell(
      userId,
      `Your ${provider} login "${name}" was linked to your account. If this was not you, unlink it and secure your account.`,
    );
  }
}
