import { randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import type { OrgSummary, PgOrgAdminStore } from './admin-store';
import { OWNER } from './config';
import { endSessionsOf, type SessionEnding } from './ending';
import { checkSearch, checkUserId, orgErrors, type Page, pageOf, type RoleTemplate } from './rules';
import type { Invitation, Member, OrgChange, PgOrganizationStore } from './store';

/** What the admin side uses of the organisations' wiring (OrganizationsDeps has each). */
export interface OrgAdminDeps {
  store: PgOrganizationStore;
  adminStore: PgOrgAdminStore;
  sessions?: () => SessionEnding | undefined;
  log: Logger;
}

/** One organisation as the admin API shows it: the first page of its members and its pending invitations. */
export interface OrgDetail {
  organization: OrgSummary;
  members: Page<Member>;
  invitations: Invitation[];
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
/** How many pending invitations one organisation's page shows (they expire; the rest wait for these). */
const INVITATIONS_SHOWN = 200;

/**
 * Organisations as operators and global admins manage them (docs/organizations.md "Administration"):
 * every organisation, not only their own. `actor` is who the gateway's admin listener authenticated
 * (`operator` or `user:<id>`), the actor of every event. The rules members live by still hold here where
 * they keep an organisation sound: the last owner stays (409), and whoever loses rights loses their
 * sessions, announced to every gateway; deleting an organisation with members needs `force`.
 */
export class OrgAdmin {
  constructor(
    private readonly deps: OrgAdminDeps,
    private readonly template: RoleTemplate,
  ) {}

  /** Organisations by name or slug prefix (or exact id), keyset pages by id. */
  async list(query: string, after = '', limit = 50): Promise<Page<OrgSummary>> {
    checkSearch(query);
    const n = pageOf(after, limit);
    const items = await this.deps.adminStore.search(query.trim(), after, n);
    return { items, next: items.length === n ? (items[n - 1]?.id ?? '') : '' };
  }

  async get(idOrSlug: string, limit = 50): Promise<OrgDetail> {
    const organization = await this.find(idOrSlug);
    const [members, invitations] = await Promise.all([
      this.members(organization.id, '', limit),
      this.deps.store.invitations(organization.id, '', INVITATIONS_SHOWN),
    ]);
    return { organization, members, invitations };
  }

  async members(idOrSlug: string, after = '', limit = 50): Promise<Page<Member>> {
    const org = idOrSlug.startsWith('org_') ? idOrSlug : (await this.find(idOrSlug)).id;
    const n = pageOf(after, limit);
    const items = await this.deps.store.members(org, after, n);
    if (items.length === 0 && !after) await this.find(org);
    return { items, next: items.length === n ? (items[n - 1]?.userId ?? '') : '' };
  }

  /** A new organisation; `ownerId` (a user of the directory) becomes its first owner when given. */
  async create(actor: string, input: { name: string; slug: string; ownerId?: string }): Promise<OrgSummary> {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 100) throw orgErrors.badRequest('name: 1 to 100 characters');
    if (!SLUG.test(input.slug)) throw orgErrors.badRequest('slug: lower-case letters, digits and -, at most 48');
    if (input.ownerId) checkUserId(input.ownerId);
    const id = `org_${randomBytes(12).toString('hex')}`;
    const by = { kind: 'admin' as const, id: actor };
    const owner = input.ownerId ? { userId: input.ownerId, roles: [OWNER] } : undefined;
    const created = await this.deps.adminStore.create(
      { id, name, slug: input.slug, createdBy: actor, allowUnverifiedInvitations: false },
      owner,
      () => [
        { type: 'organization.created', actor: by, data: { org_id: id } },
        ...(owner
          ? [
              {
                type: 'membership.added' as const,
                actor: by,
                subjectUser: owner.userId,
                data: { org_id: id, roles: owner.roles, via: 'admin' },
              },
            ]
          : []),
      ],
    );
    if (created === 'no-user') throw orgErrors.badRequest('owner_id: no user has this id');
    if (!created) throw orgErrors.slugTaken();
    return created;
  }

  /** Renames it, or lets (or stops letting) invitations be accepted without the invited address verified. */
  async update(
    actor: string,
    idOrSlug: string,
    change: { name?: string; allowUnverifiedInvitations?: boolean },
  ): Promise<OrgSummary> {
    const name = change.name?.trim();
    if (name !== undefined && (name.length < 1 || name.length > 100))
      throw orgErrors.badRequest('name: 1 to 100 characters');
    const fields = [
      ...(name !== undefined ? ['name'] : []),
      ...(change.allowUnverifiedInvitations !== undefined ? ['allow_unverified_invitations'] : []),
    ];
    if (fields.length === 0) throw orgErrors.badRequest('nothing to change: name or allow_unverified_invitations');
    const { id } = await this.find(idOrSlug);
    const updated = await this.deps.adminStore.update(
      id,
      { name, allowUnverifiedInvitations: change.allowUnverifiedInvitations },
      { type: 'organization.updated', actor: { kind: 'admin', id: actor }, data: { org_id: id, fields } },
    );
    if (!updated) throw orgErrors.orgMissing();
    return updated;
  }

  /**
   * Sets a member's roles, `owner` among them if the admin says so (an admin may make or unmake owners,
   * unlike members, whose only way is a transfer); the last owner keeps it (409).
   */
  async setRoles(actor: string, idOrSlug: string, userId: string, roles: string[]): Promise<string[]> {
    checkUserId(userId);
    const others = roles.filter((r) => r !== OWNER);
    const next = [
      ...(roles.includes(OWNER) ? [OWNER] : []),
      ...(others.length > 0 ? this.template.assignable(others) : []),
    ];
    if (next.length === 0) throw orgErrors.badRequest('roles: give 1 to 20 roles');
    const lost = await this.changing(idOrSlug, async (c) => {
      const current = await c.rolesOf(userId);
      if (!current) throw orgErrors.memberNotFound();
      if (current.includes(OWNER) && !next.includes(OWNER) && (await c.owners()) <= 1) throw orgErrors.lastOwner();
      await c.setRoles(userId, next);
      await c.record({
        type: 'membership.roles_changed',
        actor: { kind: 'admin', id: actor },
        subjectUser: userId,
        data: { org_id: c.org.id, roles: next },
      });
      return current.some((r) => !next.includes(r));
    });
    if (lost) await this.endSessions([userId]);
    return next;
  }

  async removeMember(actor: string, idOrSlug: string, userId: string): Promise<void> {
    checkUserId(userId);
    await this.changing(idOrSlug, async (c) => {
      const roles = await c.rolesOf(userId);
      if (!roles) throw orgErrors.memberNotFound();
      if (roles.includes(OWNER) && (await c.owners()) <= 1) throw orgErrors.lastOwner();
      await c.remove(userId);
      await c.record({
        type: 'membership.removed',
        actor: { kind: 'admin', id: actor },
        subjectUser: userId,
        data: { org_id: c.org.id, reason: 'removed' },
      });
    });
    await this.endSessions([userId]);
  }

  async revokeInvitation(actor: string, idOrSlug: string, invitationId: string): Promise<void> {
    await this.changing(idOrSlug, async (c) => {
      if (!(await c.revokeInvitation(invitationId))) throw orgErrors.invitationNotFound();
      await c.record({
        type: 'invitation.revoked',
        actor: { kind: 'admin', id: actor },
        data: { org_id: c.org.id, invitation_id: invitationId },
      });
    });
  }

  /**
   * Deletes an organisation with its invitations; refused (409) while it has members unless `force`, when
   * the members are removed with it and their sessions end, as a removal's do. Answers how many were.
   */
  async delete(actor: string, idOrSlug: string, force: boolean): Promise<number> {
    const { id } = await this.find(idOrSlug);
    const by = { kind: 'admin' as const, id: actor };
    const members = await this.deps.adminStore.delete(id, force, (users) => [
      ...users.map((u) => ({
        type: 'membership.removed' as const,
        actor: by,
        subjectUser: u,
        data: { org_id: id, reason: 'deleted' as const },
      })),
      { type: 'organization.deleted', actor: by, data: { org_id: id, members: users.length } },
    ]);
    if (members === undefined) throw orgErrors.orgMissing();
    if (members === 'has-members') throw orgErrors.hasMembers();
    await this.endSessions(members);
    return members.length;
  }

  private async find(idOrSlug: string): Promise<OrgSummary> {
    const org = idOrSlug ? await this.deps.adminStore.find(idOrSlug) : undefined;
    if (!org) throw orgErrors.orgMissing();
    return org;
  }

  /** A change under the organisation's lock, as members' changes are made. */
  private async changing<T>(idOrSlug: string, change: (c: OrgChange) => Promise<T>): Promise<T> {
    const { id } = await this.find(idOrSlug);
    const result = await this.deps.store.change(id, async (c) => ({ value: await change(c) }));
    if (!result) throw orgErrors.orgMissing();
    return result.value;
  }

  private endSessions(userIds: string[]): Promise<void> {
    return endSessionsOf(this.deps.sessions?.(), userIds, this.deps.log);
  }
}
