import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { OrgAdmin } from '../organizations/admin';
import type { OrgSummary } from '../organizations/admin-store';
import type { Page } from '../organizations/organizations';
import { orgErrors } from '../organizations/rules';
import type { Member } from '../organizations/store';

const summary = (o: OrgSummary): auth.AdminOrganization => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  createdBy: o.createdBy,
  allowUnverifiedInvitations: o.allowUnverifiedInvitations,
  createdUnixMs: o.createdAt.getTime(),
  members: o.members,
});

const members = (page: Page<Member>) =>
  page.items.map((m) => ({ userId: m.userId, name: m.name, roles: m.roles, joinedUnixMs: m.joinedAt.getTime() }));

/** The gateway's admin listener names the admin it authenticated in every call: nobody else acts here. */
function actorOf(req: { actor?: auth.AdminActor__Output | null }): string {
  const id = req.actor?.id;
  if (!id) throw orgErrors.badRequest('actor is required');
  return id;
}

/** gRPC adapter of auth.v1.OrganizationAdminService; without a database every call is refused. */
export function organizationAdminHandlers(
  admin: OrgAdmin | undefined,
  log: Logger,
): auth.OrganizationAdminServiceHandlers {
  const on = (): OrgAdmin => {
    if (!admin) throw orgErrors.disabled();
    return admin;
  };
  return {
    AdminListOrganizations: unaryHandler(log, async (req: auth.AdminListOrganizationsRequest__Output) => {
      actorOf(req);
      const page = await on().list(req.query, req.cursor, req.limit);
      return { organizations: page.items.map(summary), nextCursor: page.next };
    }),
    AdminGetOrganization: unaryHandler(log, async (req: auth.AdminGetOrganizationRequest__Output) => {
      actorOf(req);
      const d = await on().get(req.org, req.limit);
      return {
        organization: summary(d.organization),
        members: members(d.members),
        membersNext: d.members.next,
        invitations: d.invitations.map((i) => ({
          id: i.id,
          email: i.email,
          roles: i.roles,
          inviter: i.inviter,
          expiresUnixMs: i.expiresAt.getTime(),
        })),
      };
    }),
    AdminListMembers: unaryHandler(log, async (req: auth.AdminListMembersRequest__Output) => {
      actorOf(req);
      const page = await on().members(req.org, req.cursor, req.limit);
      return { members: members(page), next: page.next };
    }),
    AdminCreateOrganization: unaryHandler(log, async (req: auth.AdminCreateOrganizationRequest__Output) =>
      summary(await on().create(actorOf(req), { name: req.name, slug: req.slug, ownerId: req.ownerId || undefined })),
    ),
    AdminUpdateOrganization: unaryHandler(log, async (req: auth.AdminUpdateOrganizationRequest__Output) =>
      summary(
        await on().update(actorOf(req), req.org, {
          name: req.name || undefined,
          allowUnverifiedInvitations: req.setAllowUnverifiedInvitations ? req.allowUnverifiedInvitations : undefined,
        }),
      ),
    ),
    AdminSetMemberRoles: unaryHandler(log, async (req: auth.AdminMemberRolesRequest__Output) => ({
      roles: await on().setRoles(actorOf(req), req.org, req.userId, req.roles),
    })),
    AdminRemoveMember: unaryHandler(log, async (req: auth.AdminMemberRequest__Output) => {
      await on().removeMember(actorOf(req), req.org, req.userId);
      return {};
    }),
    AdminRevokeInvitation: unaryHandler(log, async (req: auth.AdminInvitationRequest__Output) => {
      await on().revokeInvitation(actorOf(req), req.org, req.invitationId);
      return {};
    }),
    AdminDeleteOrganization: unaryHandler(log, async (req: auth.AdminDeleteOrganizationRequest__Output) => ({
      members: await on().delete(actorOf(req), req.org, req.force),
    })),
  };
}
