import { USER_ID } from '@gatehouse/contract';
import type { Logger } from '@gatehouse/logger';
import { directoryErrors } from '../errors';
import type { EndedSession } from '../stores/revocations';
import type { PgDirectoryAdminStore, StoredPasskeyMeta, StoredUser } from './admin-store';
import type { Directory } from './directory';
import type { StoredIdentity } from './store';

export const DEFAULT_PAGE = 50;
/** When a block looks again for sessions issued while it was being written. */
const BLOCK_SWEEP_MS = 1000;
export const MAX_PAGE = 200;

/** A live session as the admin sees it (sessions per device, without the jti). */
export interface AdminSession {
  id: string;
  provider: string;
  createdMs: number;
  lastSeenMs: number;
  userAgent: string;
  ip: string;
}

/** The user's live sessions, and ending them all (sessions/device-sessions.ts, through Sessions.endJti). */
export interface UserSessions {
  listOf(userId: string): Promise<AdminSession[]>;
  endAll(userId: string): Promise<EndedSession[]>;
}

/**
 * What other services hold about a user. `closeOwner`: closes the user's owner at payment (no load taken
 * from then on) unless money is held or moving there, which answers false and closes nothing (payment's
 * CloseOwner); unset (no payment address), DeleteUser is not refused for it.
 */
export interface Holders {
  closeOwner?: (userId: string) => Promise<boolean>;
  /** The user's cards and loads (the payment service), for the export; unset: left out. */
  cardsOf?: (userId: string) => Promise<Record<string, unknown>[]>;
  /** Removes the avatars stored for these ids (the avatar service); unset: avatars stay. */
  removeAvatars?: (ids: string[]) => Promise<void>;
}

export interface UserDetails {
  user: StoredUser;
  identities: StoredIdentity[];
  passkeys: StoredPasskeyMeta[];
  totpEnabled: boolean;
  sessions: AdminSession[];
  /** A password account with a password set (password accounts, docs/password-accounts.md). */
  hasPassword: boolean;
}

/** Who acts on whom: every admin call writes one audit line with both. */
export interface Acting {
  actor: string;
  userId: string;
}

const CURSOR_PREFIX = 'u1:';
/** The page cursor: opaque to callers (base64url), the last id of the page inside. */
export const encodeCursor = (lastId: string) => Buffer.from(CURSOR_PREFIX + lastId).toString('base64url');
/** The newest-first cursor: the last row's created_at (µs) and id. */
const encodeNewest = (u: StoredUser) => Buffer.from(`n1:${u.createdUs ?? '0'}:${u.id}`).toString('base64url');
function decodeNewest(cursor: string): { createdUs: string; id: string } | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^n1:(-?\d{1,19}):(.+)$/.exec(text);
  // The id comes back from the caller: one a page gave is a user id (a NUL, say, never was).
  if (!m?.[1] || !m[2] || !USER_ID.test(m[2])) throw directoryErrors.badRequest('bad cursor');
  return { createdUs: m[1], id: m[2] };
}
function decodeCursor(cursor: string): string {
  if (!cursor) return '';
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.slice(CURSOR_PREFIX.length);
  if (!text.startsWith(CURSOR_PREFIX) || !USER_ID.test(id)) throw directoryErrors.badRequest('bad cursor');
  return id;
}

/**
 * Administration of the directory (docs/accounts.md "Administration"): search, look, block (every
 * session ended through the revocation path every gateway hears), unblock, unlink, erase, export.
 */
export class DirectoryAdmin {
  constructor(
    private readonly deps: {
      store: PgDirectoryAdminStore;
      sessions: UserSessions;
      holders: Holders;
      log: Logger;
      /** The directory, which ends the user's sessions and tells them of an unlink as their own is told. */
      directory?: Directory;
    },
  ) {}

  async list(
    actor: string,
    input: { query: string; status: string; provider: string; limit: number; cursor: string; order?: string },
  ): Promise<{ users: StoredUser[]; next: string }> {
    const who = checkedActor(actor);
    if (input.status !== '' && input.status !== 'active' && input.status !== 'blocked')
      throw directoryErrors.badRequest('status must be active or blocked');
    if (input.limit < 0 || input.limit > MAX_PAGE) throw directoryErrors.badRequest(`limit must be 1 to ${MAX_PAGE}`);
    if (input.query.length > 256) throw directoryErrors.badRequest('query is too long');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what a person types holds none; Postgres holds no NUL
    if (/[\u0000-\u001f\u007f]/.test(input.query + input.provider))
      throw directoryErrors.badRequest('query and provider hold no control characters');
    const order = input.order ?? '';
    if (order !== '' && order !== 'id' && order !== 'newest')
      throw directoryErrors.badRequest('order must be id or newest');
    const newest = order === 'newest';
    const limit = input.limit || DEFAULT_PAGE;
    const rows = await this.deps.store.search({
      text: input.query.trim(),
      status: input.status,
      provider: input.provider,
      limit: limit + 1,
      after: newest ? '' : decodeCursor(input.cursor),
      newest,
      before: newest ? decodeNewest(input.cursor) : undefined,
    });
    const users = rows.slice(0, limit);
    const last = users[users.length - 1];
    this.audit(who, 'list users', '', { query: input.query, status: input.status, provider: input.provider });
    const next = rows.length > limit && last ? (newest ? encodeNewest(last) : encodeCursor(last.id)) : '';
    return { users, next };
  }

  async get(a: Acting): Promise<UserDetails> {
    this.audit(checkedActor(a.actor), 'show user', a.userId);
    return this.details(a.userId);
  }

  async block(a: Acting, reason: string): Promise<EndedSession[]> {
    const who = checkedActor(a.actor);
    if (reason.length > 1000) throw directoryErrors.badRequest('reason is too long');
    // Blocked first: from here no login or refresh passes, then every session is ended.
    if (!(await this.deps.store.setStatus(a.userId, 'blocked', reason || null, who)))
      throw directoryErrors.userNotFound();
    const ended = await this.deps.sessions.endAll(a.userId);
    this.audit(who, 'block user', a.userId, { reason, sessionsEnded: ended.length });
    // A login that passed the directory just before the block was written is recorded a moment later:
    // a second sweep a second on ends it too, instead of at its first refresh. Only if the user is still
    // blocked then: after an unblock within that second, the sessions are the user's new ones.
    setTimeout(() => {
      this.sweepBlocked(a.userId).catch((err: unknown) => {
        this.deps.log.warn({ err, user: a.userId }, 'second sweep of a blocked user failed');
      });
    }, BLOCK_SWEEP_MS).unref();
    return ended;
  }

  /** The block's second sweep: every session of `userId` ended, if the user is still blocked. */
  private async sweepBlocked(userId: string): Promise<void> {
    if ((await this.deps.store.user(userId))?.status !== 'blocked') return;
    await this.deps.sessions.endAll(userId);
  }

  async unblock(a: Acting): Promise<void> {
    const who = checkedActor(a.actor);
    if (!(await this.deps.store.setStatus(a.userId, 'active', null, who))) throw directoryErrors.userNotFound();
    this.audit(who, 'unblock user', a.userId);
  }

  async endSessions(a: Acting): Promise<EndedSession[]> {
    const who = checkedActor(a.actor);
    await this.existing(a.userId);
    const ended = await this.deps.sessions.endAll(a.userId);
    this.audit(who, 'end sessions', a.userId, { sessionsEnded: ended.length });
    return ended;
  }

  /** Removes an identity of the user; every session of the user ends with it (issue 43), and the user is told. */
  async unlink(a: Acting, identityId: string): Promise<EndedSession[]> {
    const who = checkedActor(a.actor);
    await this.existing(a.userId);
    const before = (await this.deps.directory?.addressesOf(a.userId)) ?? [];
    if (!(await this.deps.store.removeIdentity(a.userId, identityId))) throw directoryErrors.identityNotFound();
    const ended = this.deps.directory
      ? (await this.deps.directory.unlinked(a.userId, identityId, before)).ended
      : await this.deps.sessions.endAll(a.userId);
    this.audit(who, 'unlink identity', a.userId, { identity: identityId, sessionsEnded: ended.length });
    return ended;
  }

  /**
   * Erases the user; refused while a card of theirs holds money or a load or reversal is under way (the
   * ledger keeps its rows). Payment checks and closes the owner in one step under the lock its loads
   * take, before anything is erased: a load cannot settle between the check and the erase, and none is
   * taken for the user afterwards (issue 43).
   */
  async delete(a: Acting): Promise<EndedSession[]> {
    const who = checkedActor(a.actor);
    const identities = await this.deps.store.identities((await this.existing(a.userId)).id);
    const closed = (await this.deps.holders.closeOwner?.(a.userId)) ?? true;
    if (!closed) throw directoryErrors.hasFunds();
    const ended = await this.deps.sessions.endAll(a.userId);
    await this.deps.store.erase(a.userId, who);
    const avatarOwners = [...new Set([a.userId, ...identities.map((i) => i.id)])];
    await this.deps.holders.removeAvatars?.(avatarOwners).catch((err: unknown) => {
      this.deps.log.warn({ err, user: a.userId }, 'avatars of a deleted user not removed');
    });
    this.audit(who, 'delete user', a.userId, { sessionsEnded: ended.length });
    return ended;
  }

  /** Everything held about the user, as one document: no key, secret or session token in it (the admin's, or the user's own export with actor `self:<id>`). */
  async export(a: Acting): Promise<Record<string, unknown>> {
    const who = checkedActor(a.actor);
    const d = await this.details(a.userId);
    this.audit(who, 'export user', a.userId);
    return {
      exportedAt: new Date().toISOString(),
      user: d.user,
      identities: d.identities,
      passkeys: d.passkeys,
      totp: { enabled: d.totpEnabled },
      password: { set: d.hasPassword },
      sessions: d.sessions,
      cards: (await this.deps.holders.cardsOf?.(a.userId)) ?? [],
    };
  }

  private async details(userId: string): Promise<UserDetails> {
    const user = await this.existing(userId);
    const [identities, passkeys, totpEnabled, sessions, hasPassword] = await Promise.all([
      this.deps.store.identities(userId),
      this.deps.store.passkeys(userId),
      this.deps.store.totpEnabled(userId),
      this.deps.sessions.listOf(userId),
      this.deps.store.hasPassword(userId),
    ]);
    return { user, identities, passkeys, totpEnabled, sessions, hasPassword };
  }

  private async existing(userId: string): Promise<StoredUser> {
    if (!userId) throw directoryErrors.badRequest('user_id is required');
    const user = await this.deps.store.user(userId);
    if (!user) throw directoryErrors.userNotFound();
    return user;
  }

  /** The audit line: who did what to whom (never a secret; a block's reason is the admin's own words). */
  private audit(actor: string, action: string, target: string, details: Record<string, unknown> = {}): void {
    this.deps.log.info({ audit: true, actor, action, target, ...details }, `admin: ${action}`);
    // admin.action in the trail too: who, what, to whom (never the details' free text).
    this.deps.store.recordAction(actor, action.replace(/ /g, '_'), target).catch((err: unknown) => {
      this.deps.log.warn({ err, action }, 'admin action not written to the audit trail');
    });
  }
}

function checkedActor(actor: string): string {
  if (!actor) throw directoryErrors.badRequest('the acting admin is required');
  return actor;
}
