import { isIP } from 'node:net';
import { type ActorKind, firstIdAt, forbiddenAddress, patternProblem, type StoredEvent } from '@gatehouse/events';
import { isStorableText } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { z } from 'zod';
import { eventsErrors } from './errors';

/** A query of the trail as the admin API gives it (every field optional). */
export interface TrailQuery {
  type?: string;
  user?: string;
  actor?: string;
  from?: string;
  to?: string;
  requestId?: string;
  limit?: number;
  cursor?: string;
  /** Only events newer than this id, oldest first (a live view); not with `cursor`. */
  after?: string;
}

export interface TrailPage {
  events: StoredEvent[];
  /** The cursor of the next (older) page; null on the last. */
  nextCursor: string | null;
}

/** The event types a user sees as their own security activity ("Recent activity"). */
export const USER_ACTIVITY_PREFIXES = ['login.', 'session.', 'totp.', 'passkey.', 'identity.'];

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * How old an event must be before a followed trail (`after`) answers it. An event's id is made before
 * its transaction commits (in Node, or by the statement), so an event with a smaller id can become
 * visible after one with a larger id was answered: a follower that moved past the larger would never see
 * it. Answering only ids made this long ago, every event that will ever commit below that line has done
 * so (writers commit within milliseconds; a pool wait under load, a little clock skew between replicas,
 * fit well within it), and each event is answered once, in order, this long after it happened.
 */
export const FOLLOW_SETTLE_MS = 2_000;
const time = z.iso.datetime({ offset: true });
const text = z.string().max(200).refine(isStorableText, { message: 'a filter holds no NUL' });
const querySchema = z.object({
  type: z
    .string()
    .max(100)
    .refine((t) => patternProblem(t) === null, { message: 'type: an event type or a prefix such as login.*' })
    .optional(),
  user: text.optional(),
  actor: text.optional(),
  from: time.optional(),
  to: time.optional(),
  requestId: text.optional(),
  limit: z.number().int().min(1).max(200).optional(),
  cursor: z.string().regex(ULID, 'cursor: as the last page answered it').optional(),
  after: z.string().regex(ULID, 'after: the id of an event').optional(),
});

const blankToUndefined = (q: TrailQuery): TrailQuery =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== 0 && v !== undefined)) as TrailQuery;

/** Reads the trail: newest first, keyset pages by id (ids sort by time), filters on indexed columns. */
export class PgTrail {
  constructor(
    private readonly pool: Pool,
    private readonly clock: () => number = Date.now,
  ) {}

  async query(raw: TrailQuery, only?: { user: string; prefixes: string[] }): Promise<TrailPage> {
    const parsed = querySchema.safeParse(blankToUndefined(raw));
    if (!parsed.success) throw eventsErrors.badInput(parsed.error.issues.map((i) => i.message).join('; '));
    const q = parsed.data;
    if (q.after && q.cursor) throw eventsErrors.badInput('after and cursor do not go together');
    const where: string[] = [];
    const values: unknown[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      values.push(value);
      where.push(sql(`$${values.length}`));
    };
    if (q.type && q.type !== '*') {
      if (q.type.endsWith('.*')) add((p) => `type LIKE ${p}`, `${q.type.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`);
      else add((p) => `type = ${p}`, q.type);
    }
    if (only) {
      add((p) => `subject_user = ${p}`, only.user);
      add(
        (p) => `type LIKE ANY(${p}::text[])`,
        only.prefixes.map((prefix) => `${prefix}%`),
      );
    } else if (q.user) add((p) => `subject_user = ${p}`, q.user);
    if (q.actor) add((p) => `actor_id = ${p}`, q.actor);
    if (q.from) add((p) => `time >= ${p}`, new Date(q.from));
    if (q.to) add((p) => `time < ${p}`, new Date(q.to));
    if (q.requestId) add((p) => `request_id = ${p}`, q.requestId);
    if (q.cursor) add((p) => `id < ${p}`, q.cursor);
    // Following the trail: what came after the newest event seen, oldest first, so a page that fills
    // leaves nothing behind (the next page starts after its last).
    if (q.after) {
      add((p) => `id > ${p}`, q.after);
      add((p) => `id < ${p}`, firstIdAt(this.clock() - FOLLOW_SETTLE_MS));
    }
    const limit = q.limit ?? 50;
    values.push(limit + 1);
    const { rows } = await this.pool.query(
      `SELECT * FROM events.events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY id ${q.after ? 'ASC' : 'DESC'} LIMIT $${values.length}`,
      values,
    );
    const page = rows.slice(0, limit).map(toEvent);
    const events = only ? page.map((e) => ownView(e, only.user)) : page;
    return { events, nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
  }
}

/**
 * An event as its subject sees it in their own activity: the browser only of what they did themselves.
 * A failed login's User-Agent is whatever the sender typed (issue 43): admins see it, the user does not.
 */
function ownView(e: StoredEvent, user: string): StoredEvent {
  return e.actor.kind === 'user' && e.actor.id === user ? e : { ...e, userAgent: null };
}

function toEvent(r: Record<string, unknown>): StoredEvent {
  return {
    id: r.id as string,
    time: r.time as Date,
    type: r.type as string,
    source: r.source as string,
    actor: { kind: r.actor_kind as ActorKind, id: (r.actor_id as string | null) ?? null },
    subjectUser: (r.subject_user as string | null) ?? null,
    requestId: (r.request_id as string | null) ?? null,
    clientAddress: (r.client_address as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    data: r.data as Record<string, unknown>,
  };
}

/** A webhook URL the admin may register: https (or http), no credentials, not a literal inside address. */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url: not a URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'url: http or https only';
  if (u.username || u.password) return 'url: no credentials in the URL';
  if (url.length > 2000) return 'url: at most 2000 characters';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host)) {
    const problem = forbiddenAddress(host);
    if (problem) return `url: ${problem}`;
  }
  return null;
}
