import { recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import type { Organization, OrgEvent } from './store';

/** An organisation as administrators list it: with how many members it has. */
export interface OrgSummary extends Organization {
  members: number;
}

const COLUMNS = `o.id, o.name, o.slug, o.created_by, o.allow_unverified_invitations, o.created_at,
  (SELECT count(*)::int FROM memberships m WHERE m.org_id = o.id) AS members`;

const summaryOf = (r: Record<string, unknown>): OrgSummary => ({
  id: r.id as string,
  name: r.name as string,
  slug: r.slug as string,
  createdBy: r.created_by as string,
  allowUnverifiedInvitations: r.allow_unverified_invitations as boolean,
  createdAt: r.created_at as Date,
  members: r.members as number,
});

/** `%` and `_` in a search are the characters themselves, not LIKE's wildcards. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What only administrators do with organisations (docs/organizations.md "Administration"): search every
 * organisation, create one for somebody, change its settings, delete it. Member changes go through the
 * locked changes of PgOrganizationStore, as the members' own do.
 */
export class PgOrgAdminStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Organisations whose name or slug starts with `query` (without case), or whose id is `query`; all when
   * it is empty. Keyset pages in id order: a new organisation never shifts a page.
   */
  async search(query: string, after: string, limit: number): Promise<OrgSummary[]> {
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM organizations o
       WHERE o.id > $2 AND ($1 = '' OR o.id = $1 OR lower(o.name) LIKE lower($3) OR o.slug LIKE lower($3))
       ORDER BY o.id LIMIT $4`,
      [query, after, likePrefix(query), limit],
    );
    return rows.map(summaryOf);
  }

  /** By id or slug. */
  async find(idOrSlug: string): Promise<OrgSummary | undefined> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM organizations o WHERE o.id = $1 OR o.slug = $1`, [
      idOrSlug,
    ]);
    return rows[0] && summaryOf(rows[0]);
  }

  /**
   * A new organisation, with `owner` as its first owner when given (an administrator may create one with
   * nobody in it yet). Undefined: the slug is taken; 'no-user': the owner is not a user of the directory.
   */
  create(
    org: Omit<Organization, 'createdAt'>,
    owner: { userId: string; roles: string[] } | undefined,
    events: (org: Organization) => OrgEvent[],
  ): Promise<OrgSummary | undefined | 'no-user'> {
    return inTransaction(this.pool, async (db) => {
      if (owner) {
        const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', [owner.userId]);
        if (!rows[0]) return 'no-user' as const;
      }
      const { rows } = await db.query(
        `INSERT INTO organizations AS o (id, name, slug, created_by, allow_unverified_invitations)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING
         RETURNING o.id, o.name, o.slug, o.created_by, o.allow_unverified_invitations, o.created_at, 0 AS members`,
        [org.id, org.name, org.slug, org.createdBy, org.allowUnverifiedInvitations],
      );
      if (!rows[0]) return undefined;
      const created = summaryOf(rows[0]);
      if (owner) {
        await db.query('INSERT INTO memberships (org_id, user_id, roles) VALUES ($1, $2, $3)', [
          org.id,
          owner.userId,
          owner.roles,
        ]);
        created.members = 1;
      }
      for (const event of events(created)) await recordEvent(db, event);
      return created;
    });
  }

  /** Changes the name and the invitations' rule (unset: unchanged), with its event; undefined: no such organisation. */
  update(
    orgId: string,
    change: { name?: string; allowUnverifiedInvitations?: boolean },
    event: OrgEvent,
  ): Promise<OrgSummary | undefined> {
    return inTransaction(this.pool, async (db) => {
      const { rows } = await db.query(
        `UPDATE organizations o SET name = coalesce($2, o.name),
           allow_unverified_invitations = coalesce($3, o.allow_unverified_invitations)
         WHERE o.id = $1 RETURNING ${COLUMNS}`,
        [orgId, change.name ?? null, change.allowUnverifiedInvitations ?? null],
      );
      if (!rows[0]) return undefined;
      await recordEvent(db, event);
      return summaryOf(rows[0]);
    });
  }

  /**
   * Deletes the organisation under its lock, with its memberships and invitations (ON DELETE CASCADE),
   * unless it has members and `force` is unset: then nothing changes and 'has-members' is answered.
   * Answers the users who were members (their sessions end after the commit); undefined: no such organisation.
   */
  delete(
    orgId: string,
    force: boolean,
    events: (members: string[]) => OrgEvent[],
  ): Promise<string[] | 'has-members' | undefined> {
    return inTransaction(this.pool, async (db) => {
      const org = await db.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
      if (!org.rows[0]) return undefined;
      const { rows } = await db.query('SELECT user_id FROM memberships WHERE org_id = $1 ORDER BY user_id', [orgId]);
      const members = rows.map((r) => r.user_id as string);
      if (members.length > 0 && !force) return 'has-members' as const;
      await db.query('DELETE FROM organizations WHERE id = $1', [orgId]);
      for (const e of events(members)) await recordEvent(db, e);
      return members;
    });
  }
}
