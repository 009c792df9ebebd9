import { type EventType, type NewEvent, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';

/** An organisation as stored (table organizations, 010_organizations.sql). */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  createdBy: string;
  allowUnverifiedInvitations: boolean;
  createdAt: Date;
}

/** One of a user's organisations with the user's roles there. */
export interface MyOrganization extends Organization {
  roles: string[];
}

export interface Member {
  userId: string;
  name: string;
  roles: string[];
  joinedAt: Date;
}

/** An invitation as the store hands it out: never its token, which only its hash is kept of. */
export interface Invitation {
  id: string;
  orgId: string;
  email: string;
  roles: string[];
  inviter: string;
  expiresAt: Date;
}

/** An org event, written in the transaction of its change. */
export type OrgEvent = NewEvent<
  Extract<EventType, `organization.${string}` | `membership.${string}` | `invitation.${string}`>
>;

/**
 * The changes of one organisation, made under its row's lock (SELECT ... FOR UPDATE): two changes of the
 * same organisation never interleave, so rules that read several rows (the last owner) hold when two
 * owners demote each other at once.
 */
export interface OrgChange {
  org: Organization;
  rolesOf(userId: string): Promise<string[] | undefined>;
  /** How many members hold `owner`. */
  owners(): Promise<number>;
  /** Adds a member, or adds roles to one already there (answers the roles held afterwards). */
  join(userId: string, roles: string[]): Promise<string[]>;
  setRoles(userId: string, roles: string[]): Promise<void>;
  remove(userId: string): Promise<boolean>;
  invite(invitation: Invitation, tokenHash: Buffer): Promise<void>;
  revokeInvitation(id: string): Promise<boolean>;
  record(event: OrgEvent): Promise<void>;
}

const ORG_COLUMNS = 'o.id, o.name, o.slug, o.created_by, o.allow_unverified_invitations, o.created_at';

const orgOf = (r: Record<string, unknown>): Organization => ({
  id: r.id as string,
  name: r.name as string,
  slug: r.slug as string,
  createdBy: r.created_by as string,
  allowUnverifiedInvitations: r.allow_unverified_invitations as boolean,
  createdAt: r.created_at as Date,
});

const invitationOf = (r: Record<string, unknown>): Invitation => ({
  id: r.id as string,
  orgId: r.org_id as string,
  email: r.email as string,
  roles: r.roles as string[],
  inviter: r.inviter as string,
  expiresAt: r.expires_at as Date,
});

/** The addresses a user proved: the directory's own (verified by a provider), a verified identity's, a verified password account's. */
const VERIFIED_ADDRESS_SQL = `
SELECT 1 FROM users WHERE id = $1 AND email_verified_by IS NOT NULL AND lower(email) = lower($2)
UNION ALL
SELECT 1 FROM identities WHERE user_id = $1 AND email_verified AND lower(email) = lower($2)
UNION ALL
SELECT 1 FROM passwords WHERE user_id = $1 AND email_verified AND lower(email) = lower($2)
LIMIT 1`;

/** Organisations, memberships and invitations in auth's Postgres; every change with its event. */
export class PgOrganizationStore {
  constructor(private readonly pool: Pool) {}

  /** A new organisation with its creator as owner; undefined when the slug is taken. */
  create(
    org: Omit<Organization, 'createdAt'>,
    ownerRoles: string[],
    events: OrgEvent[],
  ): Promise<Organization | undefined> {
    return inTransaction(this.pool, async (db) => {
      const { rows } = await db.query(
        `INSERT INTO organizations AS o (id, name, slug, created_by, allow_unverified_invitations)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING RETURNING ${ORG_COLUMNS}`,
        [org.id, org.name, org.slug, org.createdBy, org.allowUnverifiedInvitations],
      );
      if (!rows[0]) return undefined;
      await db.query('INSERT INTO memberships (org_id, user_id, roles) VALUES ($1, $2, $3)', [
        org.id,
        org.createdBy,
        ownerRoles,
      ]);
      for (const event of events) await recordEvent(db, event);
      return orgOf(rows[0]);
    });
  }

  /** By id or slug. */
  async find(idOrSlug: string): Promise<Organization | undefined> {
    const { rows } = await this.pool.query(
      `SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.id = $1 OR o.slug = $1`,
      [idOrSlug],
    );
    return rows[0] && orgOf(rows[0]);
  }

  /** The user's roles in the organisation; undefined: not a member. One index lookup. */
  async roles(orgId: string, userId: string): Promise<string[] | undefined> {
    return (await this.membership(orgId, userId))?.roles;
  }

  /**
   * The user's membership of an organisation named by id or slug: its id, slug and the user's roles
   * (a refresh reads it). Undefined: not a member.
   */
  async membership(org: string, userId: string): Promise<{ orgId: string; slug: string; roles: string[] } | undefined> {
    const { rows } = await this.pool.query({
      name: 'orgs.membership',
      text: `SELECT o.id, o.slug, m.roles FROM organizations o JOIN memberships m ON m.org_id = o.id
             WHERE (o.id = $1 OR o.slug = $1) AND m.user_id = $2`,
      values: [org, userId],
    });
    const r = rows[0];
    return r && { orgId: r.id as string, slug: r.slug as string, roles: r.roles as string[] };
  }

  /** The user's organisations after `after` (an org id), in id order. */
  async mine(userId: string, after: string, limit: number): Promise<MyOrganization[]> {
    const { rows } = await this.pool.query(
      `SELECT ${ORG_COLUMNS}, m.roles FROM memberships m JOIN organizations o ON o.id = m.org_id
       WHERE m.user_id = $1 AND m.org_id > $2 ORDER BY m.org_id LIMIT $3`,
      [userId, after, limit],
    );
    return rows.map((r) => ({ ...orgOf(r), roles: r.roles as string[] }));
  }

  /** The organisation's members after `after` (a user id), in id order. */
  async members(orgId: string, after: string, limit: number): Promise<Member[]> {
    const { rows } = await this.pool.query(
      `SELECT m.user_id, u.name, m.roles, m.created_at FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 AND m.user_id > $2 ORDER BY m.user_id LIMIT $3`,
      [orgId, after, limit],
    );
    return rows.map((r) => ({ userId: r.user_id, name: r.name, roles: r.roles, joinedAt: r.created_at }));
  }

  /** Pending invitations of the organisation, in id order. */
  async invitations(orgId: string, after: string, limit: number): Promise<Invitation[]> {
    const { rows } = await this.pool.query(
      `SELECT id, org_id, email, roles, inviter, expires_at FROM org_invitations
       WHERE org_id = $1 AND id > $2 AND expires_at > now() ORDER BY id LIMIT $3`,
      [orgId, after, limit],
    );
    return rows.map(invitationOf);
  }

  /** Runs `change` under the organisation's lock, in one transaction; undefined when there is no such organisation. */
  change<T>(orgId: string, change: (c: OrgChange) => Promise<T>): Promise<T | undefined> {
    return inTransaction(this.pool, async (db) => {
      const { rows } = await db.query(`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.id = $1 FOR UPDATE`, [orgId]);
      if (!rows[0]) return undefined;
      return change(orgChange(db, orgOf(rows[0])));
    });
  }

  /**
   * Spends an invitation (DELETE ... RETURNING: one replica, once) that has not expired, then runs
   * `accept` under its organisation's lock; if `accept` throws, the invitation stays as it was.
   * Undefined: no such live invitation.
   */
  accept<T>(
    tokenHash: Buffer,
    accept: (c: OrgChange, invitation: Invitation, verified: (userId: string) => Promise<boolean>) => Promise<T>,
  ): Promise<T | undefined> {
    return inTransaction(this.pool, async (db) => {
      const { rows } = await db.query(
        `DELETE FROM org_invitations WHERE token_hash = $1 AND expires_at > now()
         RETURNING id, org_id, email, roles, inviter, expires_at`,
        [tokenHash],
      );
      if (!rows[0]) return undefined;
      const invitation = invitationOf(rows[0]);
      const org = await db.query(`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.id = $1 FOR UPDATE`, [
        invitation.orgId,
      ]);
      if (!org.rows[0]) return undefined;
      const verified = async (userId: string) =>
        (await db.query(VERIFIED_ADDRESS_SQL, [userId, invitation.email])).rows.length > 0;
      return accept(orgChange(db, orgOf(org.rows[0])), invitation, verified);
    });
  }

  /** Removes invitations expired before `before` (housekeeping; answers how many). */
  async sweepInvitations(before: Date): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM org_invitations WHERE expires_at < $1', [before]);
    return rowCount ?? 0;
  }
}

function orgChange(db: PoolClient, org: Organization): OrgChange {
  const id = org.id;
  return {
    org,
    async rolesOf(userId) {
      const { rows } = await db.query('SELECT roles FROM memberships WHERE org_id = $1 AND user_id = $2', [id, userId]);
      return rows[0]?.roles as string[] | undefined;
    },
    async owners() {
      const { rows } = await db.query(
        "SELECT count(*)::int AS n FROM memberships WHERE org_id = $1 AND 'owner' = ANY (roles)",
        [id],
      );
      return rows[0].n as number;
    },
    async join(userId, roles) {
      const { rows } = await db.query(
        `INSERT INTO memberships AS m (org_id, user_id, roles) VALUES ($1, $2, $3)
         ON CONFLICT (org_id, user_id) DO UPDATE
           SET roles = ARRAY(SELECT DISTINCT unnest(m.roles || EXCLUDED.roles) ORDER BY 1)
         RETURNING roles`,
        [id, userId, roles],
      );
      return rows[0].roles as string[];
    },
    async setRoles(userId, roles) {
      await db.query('UPDATE memberships SET roles = $3 WHERE org_id = $1 AND user_id = $2', [id, userId, roles]);
    },
    async remove(userId) {
      const { rowCount } = await db.query('DELETE FROM memberships WHERE org_id = $1 AND user_id = $2', [id, userId]);
      return (rowCount ?? 0) > 0;
    },
    async invite(invitation, tokenHash) {
      await db.query(
        `INSERT INTO org_invitations (id, org_id, token_hash, email, roles, inviter, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [invitation.id, id, tokenHash, invitation.email, invitation.roles, invitation.inviter, invitation.expiresAt],
      );
    },
    async revokeInvitation(invitationId) {
      const { rowCount } = await db.query('DELETE FROM org_invitations WHERE org_id = $1 AND id = $2', [
        id,
        invitationId,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async record(event) {
      await recordEvent(db, event);
    },
  };
}
