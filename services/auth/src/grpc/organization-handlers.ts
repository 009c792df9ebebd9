import { USER_ID } from '@gatehouse/contract';
import { unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import type { Issued } from '@gatehouse/token';
import { switchedTo } from '../organizations/claims';
import type { Organizations, OrgCaller } from '../organizations/organizations';
import { orgErrors } from '../organizations/rules';
import type { MyOrganization, Organization } from '../organizations/store';
import { sessionErrors } from '../sessions/device-sessions';
import type { Sessions } from '../sessions/sessions';

/** The gateway always sends the caller's session; an empty one is the caller's bug. */
function callerOf(req: { caller?: auth.SessionCaller__Output | null }, admin = false): OrgCaller {
  const userId = req.caller?.userId;
  if (!userId || !req.caller?.jti) throw sessionErrors.badCaller();
  return { userId, admin };
}

const entry = (o: Organization | MyOrganization, roles: string[] = 'roles' in o ? o.roles : []) => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  roles,
  createdUnixMs: o.createdAt.getTime(),
});

const issued = (i: Issued) => ({ token: i.token, jti: i.jti, maxAgeSeconds: i.maxAgeSeconds });

/** gRPC adapter of auth.v1.OrganizationService; without a database every call is refused. */
export function organizationHandlers(
  organizations: Organizations | undefined,
  sessions: Sessions,
  log: Logger,
): auth.OrganizationServiceHandlers {
  const on = (): Organizations => {
    if (!organizations) throw orgErrors.disabled();
    return organizations;
  };
  return {
    ListMyOrganizations: unaryHandler(log, async (req: auth.ListMyOrganizationsRequest__Output) => {
      const page = await on().mine(callerOf(req), req.after, req.limit);
      return { organizations: page.items.map((o) => entry(o)), next: page.next };
    }),
    CreateOrganization: unaryHandler(log, async (req: auth.CreateOrganizationRequest__Output) =>
      entry(await on().create(callerOf(req, req.callerIsAdmin), { name: req.name, slug: req.slug }), ['owner']),
    ),
    ListMembers: unaryHandler(log, async (req: auth.ListMembersRequest__Output) => {
      const page = await on().members(callerOf(req), req.orgId, req.after, req.limit);
      return {
        members: page.items.map((m) => ({
          userId: m.userId,
          name: m.name,
          roles: m.roles,
          joinedUnixMs: m.joinedAt.getTime(),
        })),
        next: page.next,
      };
    }),
    CreateInvitation: unaryHandler(log, async (req: auth.CreateInvitationRequest__Output) => {
      const { invitation, token } = await on().invite(callerOf(req), req.orgId, { email: req.email, roles: req.roles });
      return {
        id: invitation.id,
        email: invitation.email,
        roles: invitation.roles,
        expiresUnixMs: invitation.expiresAt.getTime(),
        token: token ?? '',
      };
    }),
    RevokeInvitation: unaryHandler(log, async (req: auth.RevokeInvitationRequest__Output) => {
      await on().revokeInvitation(callerOf(req), req.orgId, req.invitationId);
      return {};
    }),
    AcceptInvitation: unaryHandler(log, async (req: auth.AcceptInvitationRequest__Output) =>
      entry(await on().accept(callerOf(req), req.token)),
    ),
    SetMemberRoles: unaryHandler(log, async (req: auth.SetMemberRolesRequest__Output) => ({
      roles: await on().changeRoles(callerOf(req), req.orgId, req.userId, req.roles),
    })),
    RemoveMember: unaryHandler(log, async (req: auth.OrgMemberRequest__Output) => {
      await on().removeMember(callerOf(req), req.orgId, req.userId);
      return {};
    }),
    LeaveOrganization: unaryHandler(log, async (req: auth.OrgRequest__Output) => {
      await on().leave(callerOf(req), req.orgId);
      return {};
    }),
    TransferOwnership: unaryHandler(log, async (req: auth.OrgMemberRequest__Output) => {
      await on().transfer(callerOf(req), req.orgId, req.userId);
      return {};
    }),
    GetMembership: unaryHandler(log, async (req: auth.GetMembershipRequest__Output) => {
      if (!req.userId || !req.org) throw orgErrors.badRequest('user_id and org are required');
      if (!USER_ID.test(req.userId) || !USER_ID.test(req.org))
        throw orgErrors.badRequest('user_id or org is malformed');
      const found = await on().claims(req.org, req.userId);
      return found ? { member: true, ...found } : { member: false };
    }),
    SwitchOrganization: unaryHandler(log, async (req: auth.SwitchOrganizationRequest__Output) => {
      const orgs = on();
      // The refresh's own checks (signature, not ended, not past the session's end), then membership:
      // the refresh re-reads the roles, so only a member's session comes back with `org`.
      const session = await sessions.refresh(req.token, async (claims) => {
        const userId = claims.user?.id;
        if (!userId) throw sessionErrors.badCaller();
        await orgs.memberOf({ userId }, req.orgId);
        return switchedTo(claims, req.orgId);
      });
      return { session: issued(session) };
    }),
  };
}
