import { createHash, randomBytes } from 'node:crypto';
import { EMAIL } from '@gatehouse/contract';
import type { Logger } from '@gatehouse/logger';
import { OrgAdmin } from './admin';
import type { PgOrgAdminStore } from './admin-store';
import type { OrganizationsSettings } from './config';
import { OWNER } from './config';
import { endSessionsOf, type SessionEnding } from './ending';
import { checkUserId, orgErrors, type Page, pageOf, RoleTemplate } from './rules';
import type { Invitation, Member, MyOrganization, Organization, OrgChange, PgOrganizationStore } from './store';

/** Who asks: the user of a verified session; `admin` when the token says a global admin (attrs.admin). */
export interface OrgCaller {
  userId: string;
  admin?: boolean;
}

export type { SessionEnding } from './ending';

export interface OrganizationsDeps {
  store: PgOrganizationStore;
  /** What administrators do beyond members' changes (search, create for somebody, delete). */
  adminStore: PgOrgAdminStore;
  settings: OrganizationsSettings;
  /** Ends the sessions of users who lost rights; unset: nothing is ended (their claims last until exp). */
  sessions?: () => SessionEnding | undefined;
  /** The sender of invitation links; none (as under `pnpm start`): the inviter gets the token. */
  sender?: () => ((address: string, text: string) => Promise<void>) | undefined;
  /** The page an invitation's link opens (AUTH_URL + /auth/invitations/<token>). */
  baseUrl: string;
  log: Logger;
  now?: () => number;
}

/** What a session's token carries of its active organisation. */
export interface OrgClaims {
  orgId: string;
  slug: string;
  roles: string[];
  perms: string[];
}

export type { Page } from './rules';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

export const hashInvitationToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * Organisations and their members (docs/organizations.md): creation, the caller's list, members,
 * invitations, roles, leaving and ownership. Owners and members holding `members:write` manage their own
 * organisation only; every change runs under the organisation's lock with its event and actor.
 */
export class Organizations {
  readonly template: RoleTemplate;
  /** The admin API's side (admin.ts): every organisation, for operators and global admins. */
  readonly admin: OrgAdmin;
  private readonly now: () => number;

  constructor(private readonly deps: OrganizationsDeps) {
    this.template = new RoleTemplate(deps.settings.roles);
    this.now = deps.now ?? Date.now;
    this.admin = new OrgAdmin(deps, this.template);
  }

  async create(caller: OrgCaller, input: { name: string; slug: string }): Promise<Organization> {
    if (this.deps.settings.createBy === 'admins' && !caller.admin) throw orgErrors.createRefused();
    const name = input.name.trim();
    if (name.length < 1 || name.length > 100) throw orgErrors.badRequest('name: 1 to 100 characters');
    if (!SLUG.test(input.slug)) throw orgErrors.badRequest('slug: lower-case letters, digits and -, at most 48');
    const id = `org_${randomBytes(12).toString('hex')}`;
    const actor = { kind: 'user' as const, id: caller.userId };
    const org = await this.deps.store.create(
      { id, name, slug: input.slug, createdBy: caller.userId, allowUnverifiedInvitations: false },
      [OWNER],
      [
        { type: 'organization.created', actor, subjectUser: caller.userId, data: { org_id: id } },
        {
          type: 'membership.added',
          actor,
          subjectUser: caller.userId,
          data: { org_id: id, roles: [OWNER], via: 'create' },
        },
      ],
    );
    if (!org) throw orgErrors.slugTaken();
    return org;
  }

  async mine(caller: OrgCaller, after = '', limit = 50): Promise<Page<MyOrganization>> {
    const n = pageOf(after, limit);
    const items = await this.deps.store.mine(caller.userId, after, n);
    return { items, next: items.length === n ? (items[n - 1]?.id ?? '') : '' };
  }

  /** The members of an organisation the caller belongs to (any member may see them). */
  async members(caller: OrgCaller, orgId: string, after = '', limit = 50): Promise<Page<Member>> {
    await this.memberOf(caller, orgId);
    const n = pageOf(after, limit);
    const items = await this.deps.store.members(orgId, after, n);
    return { items, next: items.length === n ? (items[n - 1]?.userId ?? '') : '' };
  }

  /** The caller's roles in the organisation; a stranger is refused alike whether it exists or not. */
  async memberOf(caller: OrgCaller, orgId: string): Promise<string[]> {
    const roles = await this.deps.store.roles(orgId, caller.userId);
    if (!roles) throw orgErrors.notFound();
    return roles;
  }

  /** The claims a session's active organisation gives (undefined: no longer a member). */
  async claims(org: string, userId: string): Promise<OrgClaims | undefined> {
    const m = await this.deps.store.membership(org, userId);
    return m && { orgId: m.orgId, slug: m.slug, roles: m.roles, perms: this.template.permissions(m.roles) };
  }

  /**
   * Invites an address with roles. The answer holds the token only when no sender is configured: with
   * one, the link goes by email and the inviter never sees it.
   */
  async invite(
    caller: OrgCaller,
    orgId: string,
    input: { email: string; roles: string[] },
  ): Promise<{ invitation: Invitation; token?: string }> {
    const email = input.email.trim();
    if (!EMAIL.test(email)) throw orgErrors.badRequest('email: an address');
    const roles = this.template.assignable(input.roles.length > 0 ? input.roles : [this.deps.settings.defaultRole]);
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.managing(caller, orgId, async (c) => {
      const inv: Invitation = {
        id: `inv_${randomBytes(12).toString('hex')}`,
        orgId,
        email,
        roles,
        inviter: caller.userId,
        expiresAt: new Date(this.now() + this.deps.settings.invitationTtlMs),
      };
      await c.invite(inv, hashInvitationToken(token));
      await c.record({
        type: 'invitation.created',
        actor: { kind: 'user', id: caller.userId },
        data: { org_id: orgId, invitation_id: inv.id, roles },
      });
      return { inv, name: c.org.name };
    });
    const send = this.deps.sender?.();
    if (!send) return { invitation: invitation.inv, token };
    // The page's link (a fragment: never in a request line or a log), and the API's route for clients.
    const page = `${this.deps.baseUrl}/#invitation=${token}`;
    const api = `${this.deps.baseUrl}/auth/invitations/${token}/accept`;
    // After the commit: a failed send leaves an invitation the inviter can revoke and send again.
    await send(email, `You are invited to ${invitation.name}. Open ${page} and log in to accept (API: POST ${api}).`);
    return { invitation: invitation.inv };
  }

  async revokeInvitation(caller: OrgCaller, orgId: string, invitationId: string): Promise<void> {
    await this.managing(caller, orgId, async (c) => {
      if (!(await c.revokeInvitation(invitationId))) throw orgErrors.invitationNotFound();
      await c.record({
        type: 'invitation.revoked',
        actor: { kind: 'user', id: caller.userId },
        data: { org_id: orgId, invitation_id: invitationId },
      });
    });
  }

  /**
   * Accepts an invitation: once (spent by DELETE ... RETURNING), before expiry, and only by a user who
   * proved the invited address (unless the organisation allows otherwise); a refusal leaves it unspent.
   */
  async accept(caller: OrgCaller, token: string): Promise<MyOrganization> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw orgErrors.invitationNotFound();
    const done = await this.deps.store.accept(hashInvitationToken(token), async (c, inv, verified) => {
      if (!c.org.allowUnverifiedInvitations && !(await verified(caller.userId))) throw orgErrors.notRecipient();
      const roles = await c.join(caller.userId, inv.roles);
      const actor = { kind: 'user' as const, id: caller.userId };
      const ids = { org_id: c.org.id, invitation_id: inv.id };
      await c.record({ type: 'invitation.accepted', actor, subjectUser: caller.userId, data: ids });
      await c.record({
        type: 'membership.added',
        actor,
        subjectUser: caller.userId,
        data: { org_id: c.org.id, roles: inv.roles, via: 'invitation' },
      });
      return { ...c.org, roles };
    });
    if (!done) throw orgErrors.invitationNotFound();
    return done;
  }

  /** Sets a member's roles (owner kept where held: only a transfer moves it). */
  async changeRoles(caller: OrgCaller, orgId: string, userId: string, roles: string[]): Promise<string[]> {
    checkUserId(userId);
    const given = this.template.assignable(roles);
    const result = await this.managing(caller, orgId, async (c, callerRoles) => {
      const current = await c.rolesOf(userId);
      if (!current) throw orgErrors.memberNotFound();
      if (current.includes(OWNER) && !callerRoles.includes(OWNER))
        throw orgErrors.forbidden('only an owner changes an owner');
      const next = current.includes(OWNER) ? [OWNER, ...given] : given;
      await c.setRoles(userId, next);
      await c.record({
        type: 'membership.roles_changed',
        actor: { kind: 'user', id: caller.userId },
        subjectUser: userId,
        data: { org_id: orgId, roles: next },
      });
      return { next, lost: current.some((r) => !next.includes(r)) };
    });
    if (result.lost) await this.endSessions([userId]);
    return result.next;
  }

  async removeMember(caller: OrgCaller, orgId: string, userId: string): Promise<void> {
    checkUserId(userId);
    if (userId === caller.userId) return this.leave(caller, orgId);
    await this.managing(caller, orgId, async (c, callerRoles) => {
      const target = await c.rolesOf(userId);
      if (!target) throw orgErrors.memberNotFound();
      if (target.includes(OWNER) && !callerRoles.includes(OWNER))
        throw orgErrors.forbidden('only an owner removes an owner');
      await this.removeIn(c, caller, userId, 'removed', target);
    });
    await this.endSessions([userId]);
  }

  async leave(caller: OrgCaller, orgId: string): Promise<void> {
    const done = await this.deps.store.change(orgId, async (c) => {
      const roles = await c.rolesOf(caller.userId);
      if (!roles) throw orgErrors.notFound();
      await this.removeIn(c, caller, caller.userId, 'left', roles);
      return true;
    });
    if (done === undefined) throw orgErrors.notFound();
    await this.endSessions([caller.userId]);
  }

  /**
   * Makes another member an owner and the caller no longer one. The caller keeps their other roles, or,
   * holding none, gets the template's managing role (or its default role).
   */
  async transfer(caller: OrgCaller, orgId: string, to: string): Promise<void> {
    checkUserId(to);
    const done = await this.deps.store.change(orgId, async (c) => {
      const mine = await c.rolesOf(caller.userId);
      if (!mine) throw orgErrors.notFound();
      if (!mine.includes(OWNER)) throw orgErrors.forbidden('only an owner transfers ownership');
      if (to === caller.userId) throw orgErrors.badRequest('user_id: already the caller');
      const theirs = await c.rolesOf(to);
      if (!theirs) throw orgErrors.memberNotFound();
      const kept = mine.filter((r) => r !== OWNER);
      const fallback = this.template.names().find((r) => r !== OWNER && this.template.manages([r]));
      await c.setRoles(caller.userId, kept.length > 0 ? kept : [fallback ?? this.deps.settings.defaultRole]);
      await c.setRoles(to, [OWNER, ...theirs.filter((r) => r !== OWNER)]);
      await c.record({
        type: 'organization.ownership_transferred',
        actor: { kind: 'user', id: caller.userId },
        subjectUser: to,
        data: { org_id: orgId, to },
      });
      return true;
    });
    if (done === undefined) throw orgErrors.notFound();
    await this.endSessions([caller.userId]);
  }

  /** Removes a member inside a change; the last owner stays (409), in the same transaction. */
  private async removeIn(c: OrgChange, caller: OrgCaller, userId: string, reason: 'removed' | 'left', roles: string[]) {
    if (roles.includes(OWNER) && (await c.owners()) <= 1) throw orgErrors.lastOwner();
    await c.remove(userId);
    await c.record({
      type: 'membership.removed',
      actor: { kind: 'user', id: caller.userId },
      subjectUser: userId,
      data: { org_id: c.org.id, reason },
    });
  }

  /** Runs a change the caller must be allowed to manage; strangers and plain members are refused (403). */
  private async managing<T>(
    caller: OrgCaller,
    orgId: string,
    change: (c: OrgChange, callerRoles: string[]) => Promise<T>,
  ) {
    const result = await this.deps.store.change(orgId, async (c) => {
      const roles = await c.rolesOf(caller.userId);
      if (!roles) throw orgErrors.notFound();
      if (!this.template.manages(roles)) throw orgErrors.forbidden('managing members needs members:write');
      return { value: await change(c, roles) };
    });
    if (!result) throw orgErrors.notFound();
    return result.value;
  }

  private endSessions(userIds: string[]): Promise<void> {
    return endSessionsOf(this.deps.sessions?.(), userIds, this.deps.log);
  }
}
