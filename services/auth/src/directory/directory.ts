import { AppError, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import type { Claims, SessionSubject } from '@gatehouse/token';
import { LRUCache } from 'lru-cache';
import { AuthErrors, directoryErrors } from '../errors';
import type { LinkOutcome, PgDirectoryStore, StoredIdentity } from './store';
import { type Notify, type SessionEnder, type UnlinkOutcome, WaysInChanges } from './ways-in-changes';

export type { Notify, SessionEnder, UnlinkOutcome } from './ways-in-changes';

export interface DirectoryDeps {
  store: PgDirectoryStore;
  /** AUTH_LINK_BY_EMAIL: providers trusted to join a new identity to the user with the same verified email. */
  linkByEmail: string[];
  /** Whether a provider is still configured: identities of others are no way in (unlink). */
  providerAllowed: (name: string) => boolean;
  notify?: Notify;
  /** Ending sessions; unset (no session list), nothing is ended. Called only after start. */
  sessions?: () => SessionEnder | undefined;
  log: Logger;
}

/** An identity as the user sees it (ListIdentities). */
export interface IdentityView {
  id: string;
  provider: string;
  name: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** The identity the caller's session logged in with. */
  current: boolean;
}

/** `<provider>_<40 hex>`: the provider of a go-pkgz id, or '' when the id is not of that shape. */
export function providerOfId(id: string): string {
  const m = /^(.+)_[0-9a-f]{40}$/.exec(id);
  return m?.[1] ?? '';
}

/** Clocks of auth replicas and Postgres may differ by this much. */
const SINCE_SKEW_MS = 60_000;

/** Users this replica saw in the directory, remembered for their refreshes (about 100 bytes each). */
const KNOWN_USERS_MAX = 100_000;

/**
 * A login's second-factor reading waits for its SecondFactor.hold, a moment later in the same call; the
 * oldest of those whose hold never came (the call failed in between) make room past this many. A plain
 * Map: lru-cache clears its arrays (all `max` slots) whenever its last entry is deleted, which is every
 * time here (80 µs a login).
 */
const SECOND_FACTOR_HANDOFF_MAX = 10_000;

/**
 * People and the identities they log in with (docs/accounts.md). The token service calls `resolve` for
 * every session it signs, so every login path and every refresh passes here: a login's identity becomes
 * its user's id, and a blocked user gets no session.
 */
export class Directory {
  private readonly trusted: Set<string>;
  /** When the directory was made (loggedInSinceDirectory), read once. */
  private since: Promise<Date | null> | undefined;
  /**
   * When each user this replica has seen log in first did so (the earliest auth_time, in seconds, of a
   * session whose login passed here). A refresh of a session logged in at or after that time reads
   * nothing, as one logged in since the directory was made: that login put the user in the directory, and
   * a block or a deletion ends every session of the user, which the refresh's revocation check refuses.
   * Without it, sessions that began in the minute after the directory was made (SINCE_SKEW_MS) read the
   * user's status at every refresh. An older session still reads it.
   */
  private readonly loggedInAt = new LRUCache<string, number>({ max: KNOWN_USERS_MAX });
  /** By session jti: the user's id and whether TOTP was on, as the login's statement read them. */
  private readonly secondFactors = new Map<string, { userId: string; on: boolean }>();

  /** Sessions ended and notices sent after a change of the ways in. */
  private readonly changes: WaysInChanges;

  constructor(private readonly deps: DirectoryDeps) {
    this.trusted = new Set(deps.linkByEmail);
    this.changes = new WaysInChanges(deps);
  }

  /** TokenServiceOptions.resolveUser. Postgres not answering is UNAVAILABLE: no session is signed, none is lost. */
  async resolve(claims: Claims, subject: SessionSubject): Promise<Claims> {
    try {
      return await this.resolveOrThrow(claims, subject);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable(AuthErrors.DIRECTORY_UNAVAILABLE, 'the user directory is unavailable now, try again', err);
    }
  }

  private async resolveOrThrow(claims: Claims, subject: SessionSubject): Promise<Claims> {
    const user = claims.user;
    if (!user?.id) return claims;
    const provider = claims.auth_provider?.name ?? '';
    if (subject.kind === 'user') {
      // A refresh of a session logged in since the directory exists costs it nothing: that login passed
      // here (the user is in the directory), and a block ends every session of the user (the refresh's
      // revocation check refuses them), so there is nothing to read (issue 33: /auth/user makes no
      // directory call).
      // A session the session list does not know reads the status once (issue 43): a block ended the
      // listed sessions only, and one issued while the list did not answer was not among them.
      const skip = subject.refresh && !subject.unlisted;
      if (skip && (this.seenLogIn(user.id, claims) || (await this.loggedInSinceDirectory(claims)))) {
        return claims;
      }
      // A user known by id; one from a token older than the directory is added with the identity of its id.
      const found = await this.deps.store.ensure(user, providerOfId(user.id));
      if (found.status === 'blocked') throw directoryErrors.blocked();
      // A passkey's login or a second factor's completion, not a refresh: this session passed here.
      if (!subject.refresh) this.rememberLogin(user.id, claims);
      return claims;
    }
    // Only a boolean true counts: "true" as a string, or no claim at all, is no verification.
    const verified = subject.emailVerified === true;
    const trusted = verified && this.trusted.has(provider);
    const result = await this.deps.store.login({
      id: user.id,
      provider,
      name: user.name,
      email: subject.email ?? user.email,
      emailVerified: verified,
      linkByEmail: trusted,
      trustedProviders: [...this.trusted],
    });
    if (!result) throw directoryErrors.identityInUse();
    if (result.status === 'blocked') throw directoryErrors.blocked();
    this.rememberLogin(result.userId, claims);
    if (claims.jti) {
      if (this.secondFactors.size >= SECOND_FACTOR_HANDOFF_MAX) {
        this.secondFactors.delete(this.secondFactors.keys().next().value as string);
      }
      this.secondFactors.set(claims.jti, { userId: result.userId, on: result.secondFactor });
    }
    if (result.emailChanged) {
      await this.deps.store.rederiveEmail(result.userId).catch((err: unknown) => {
        this.deps.log.warn({ err, user: result.userId }, "user's address not derived again after a change");
      });
    }
    if (result.linkedByEmail) await this.changes.joinedByEmail(result.userId, user.id, user.name, provider);
    if (result.userId === user.id) return claims;
    return { ...claims, user: { ...user, id: result.userId } };
  }

  /**
   * Whether the user of the session `jti` has TOTP on, as its login's statement read it (at most once;
   * undefined when this replica's directory did not sign that login for `userId`): SecondFactor.hold
   * asks here before it asks Postgres.
   */
  secondFactorAtLogin(jti: string, userId: string): boolean | undefined {
    const read = this.secondFactors.get(jti);
    if (!read) return undefined;
    this.secondFactors.delete(jti);
    return read.userId === userId ? read.on : undefined;
  }

  private rememberLogin(userId: string, claims: Claims): void {
    if (typeof claims.auth_time !== 'number') return;
    const earliest = this.loggedInAt.get(userId);
    if (earliest === undefined || claims.auth_time < earliest) this.loggedInAt.set(userId, claims.auth_time);
  }

  /** Whether this session's login came at or after a login of the user this replica saw pass here. */
  private seenLogIn(userId: string, claims: Claims): boolean {
    const earliest = this.loggedInAt.get(userId);
    return earliest !== undefined && typeof claims.auth_time === 'number' && claims.auth_time >= earliest;
  }

  /**
   * Whether the session's login (`auth_time`) came after the directory was made (its migration's time,
   * read once; SINCE_SKEW_MS for clocks that differ). Unknown (no auth_time, the time not readable) is
   * false: the refresh then reads the directory as before.
   */
  private async loggedInSinceDirectory(claims: Claims): Promise<boolean> {
    if (typeof claims.auth_time !== 'number') return false;
    this.since ??= this.deps.store.directorySince().catch(() => {
      this.since = undefined; // asked again at the next refresh
      return null;
    });
    const since = await this.since;
    return since !== null && claims.auth_time * 1000 > since.getTime() + SINCE_SKEW_MS;
  }

  /** Attaches a login's identity to a user (a link the user started); `identity in use` when it is another's. */
  async link(
    userId: string,
    identity: { id: string; provider: string; name: string; email?: string; emailVerified?: boolean },
  ): Promise<void> {
    const outcome: LinkOutcome = await this.deps.store.link(userId, {
      id: identity.id,
      provider: identity.provider,
      name: identity.name,
      email: identity.email,
      emailVerified: identity.emailVerified === true,
    });
    if (outcome === 'in_use') throw directoryErrors.identityInUse();
    if (outcome === 'linked') {
      this.deps.log.info({ user: userId, identity: identity.id, provider: identity.provider }, 'identity linked');
      await this.changes.linked(userId, identity.provider, identity.name);
    }
  }

  /**
   * The user's identities, oldest first. The token names the provider of a session, not its identity:
   * `current` marks the identity of `currentProvider` logged in with last.
   */
  async identities(userId: string, currentProvider?: string): Promise<IdentityView[]> {
    const rows = await this.deps.store.identities(userId);
    const at = (r: StoredIdentity) => r.lastLoginAt?.getTime() ?? 0;
    const current = rows
      .filter((r) => r.provider === currentProvider)
      .reduce<StoredIdentity | undefined>((best, r) => (!best || at(r) > at(best) ? r : best), undefined);
    return rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      name: r.name,
      createdAt: r.createdAt,
      lastLoginAt: r.lastLoginAt,
      current: r === current,
    }));
  }

  /**
   * Removes one of the user's identities; refused when no other way in (identity or passkey) would remain.
   * Every other session of the user ends (a session that came in through that identity must not live
   * on, issue 43): `caller` keeps the user's own; the admin API's unlink has none and ends them all.
   */
  async unlink(userId: string, identityId: string, caller?: { jti: string }): Promise<UnlinkOutcome> {
    const addresses = await this.changes.addressesOf(userId);
    const outcome = await this.deps.store.unlink(userId, identityId, this.deps.providerAllowed);
    if (!outcome) throw directoryErrors.identityNotFound();
    if (outcome === 'last') throw directoryErrors.lastLoginMethod();
    this.deps.log.info({ user: userId, identity: identityId }, 'identity unlinked');
    return this.changes.unlinked(userId, identityId, caller, addresses);
  }

  /** The user's verified addresses now (read before an admin's unlink, to tell the one it removes). */
  addressesOf(userId: string): Promise<string[]> {
    return this.changes.addressesOf(userId);
  }

  /** After an admin's unlink: every session of the user ended, the user told (WaysInChanges.unlinked). */
  unlinked(userId: string, identityId: string, before: string[]): Promise<UnlinkOutcome> {
    return this.changes.unlinked(userId, identityId, undefined, before);
  }
}
