// Original file: protos/auth/v1/organizations.proto

import type { AdminOrganization as _auth_v1_AdminOrganization, AdminOrganization__Output as _auth_v1_AdminOrganization__Output } from '../../auth/v1/AdminOrganization';
import type { OrgMember as _auth_v1_OrgMember, OrgMember__Output as _auth_v1_OrgMember__Output } from '../../auth/v1/OrgMember';
import type { OrgInvitation as _auth_v1_OrgInvitation, OrgInvitation__Output as _auth_v1_OrgInvitation__Output } from '../../auth/v1/OrgInvitation';

export interface AdminOrganizationDetail {
  'organization'?: (_auth_v1_AdminOrganization | null);
  'members'?: (_auth_v1_OrgMember)[];
  'membersNext'?: (string);
  'invitations'?: (_auth_v1_OrgInvitation)[];
}

export interface AdminOrganizationDetail__Output {
  'organization': (_auth_v1_AdminOrganization__Output | null);
  'members': (_auth_v1_OrgMember__Output)[];
  'membersNext': (string);
  'invitations': (_auth_v1_OrgInvitation__Output)[];
}
