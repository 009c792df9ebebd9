// Original file: protos/auth/v1/organizations.proto

import type { OrgMember as _auth_v1_OrgMember, OrgMember__Output as _auth_v1_OrgMember__Output } from '../../auth/v1/OrgMember';

export interface ListMembersResponse {
  'members'?: (_auth_v1_OrgMember)[];
  'next'?: (string);
}

export interface ListMembersResponse__Output {
  'members': (_auth_v1_OrgMember__Output)[];
  'next': (string);
}
