// Original file: protos/auth/v1/organizations.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AdminCreateOrganizationRequest as _auth_v1_AdminCreateOrganizationRequest, AdminCreateOrganizationRequest__Output as _auth_v1_AdminCreateOrganizationRequest__Output } from '../../auth/v1/AdminCreateOrganizationRequest';
import type { AdminDeleteOrganizationRequest as _auth_v1_AdminDeleteOrganizationRequest, AdminDeleteOrganizationRequest__Output as _auth_v1_AdminDeleteOrganizationRequest__Output } from '../../auth/v1/AdminDeleteOrganizationRequest';
import type { AdminDeleteOrganizationResponse as _auth_v1_AdminDeleteOrganizationResponse, AdminDeleteOrganizationResponse__Output as _auth_v1_AdminDeleteOrganizationResponse__Output } from '../../auth/v1/AdminDeleteOrganizationResponse';
import type { AdminGetOrganizationRequest as _auth_v1_AdminGetOrganizationRequest, AdminGetOrganizationRequest__Output as _auth_v1_AdminGetOrganizationRequest__Output } from '../../auth/v1/AdminGetOrganizationRequest';
import type { AdminInvitationRequest as _auth_v1_AdminInvitationRequest, AdminInvitationRequest__Output as _auth_v1_AdminInvitationRequest__Output } from '../../auth/v1/AdminInvitationRequest';
import type { AdminListMembersRequest as _auth_v1_AdminListMembersRequest, AdminListMembersRequest__Output as _auth_v1_AdminListMembersRequest__Output } from '../../auth/v1/AdminListMembersRequest';
import type { AdminListOrganizationsRequest as _auth_v1_AdminListOrganizationsRequest, AdminListOrganizationsRequest__Output as _auth_v1_AdminListOrganizationsRequest__Output } from '../../auth/v1/AdminListOrganizationsRequest';
import type { AdminListOrganizationsResponse as _auth_v1_AdminListOrganizationsResponse, AdminListOrganizationsResponse__Output as _auth_v1_AdminListOrganizationsResponse__Output } from '../../auth/v1/AdminListOrganizationsResponse';
import type { AdminMemberRequest as _auth_v1_AdminMemberRequest, AdminMemberRequest__Output as _auth_v1_AdminMemberRequest__Output } from '../../auth/v1/AdminMemberRequest';
import type { AdminMemberRolesRequest as _auth_v1_AdminMemberRolesRequest, AdminMemberRolesRequest__Output as _auth_v1_AdminMemberRolesRequest__Output } from '../../auth/v1/AdminMemberRolesRequest';
import type { AdminOrganization as _auth_v1_AdminOrganization, AdminOrganization__Output as _auth_v1_AdminOrganization__Output } from '../../auth/v1/AdminOrganization';
import type { AdminOrganizationDetail as _auth_v1_AdminOrganizationDetail, AdminOrganizationDetail__Output as _auth_v1_AdminOrganizationDetail__Output } from '../../auth/v1/AdminOrganizationDetail';
import type { AdminUpdateOrganizationRequest as _auth_v1_AdminUpdateOrganizationRequest, AdminUpdateOrganizationRequest__Output as _auth_v1_AdminUpdateOrganizationRequest__Output } from '../../auth/v1/AdminUpdateOrganizationRequest';
import type { ListMembersResponse as _auth_v1_ListMembersResponse, ListMembersResponse__Output as _auth_v1_ListMembersResponse__Output } from '../../auth/v1/ListMembersResponse';
import type { OrgEmpty as _auth_v1_OrgEmpty, OrgEmpty__Output as _auth_v1_OrgEmpty__Output } from '../../auth/v1/OrgEmpty';
import type { SetMemberRolesResponse as _auth_v1_SetMemberRolesResponse, SetMemberRolesResponse__Output as _auth_v1_SetMemberRolesResponse__Output } from '../../auth/v1/SetMemberRolesResponse';

export interface OrganizationAdminServiceClient extends grpc.Client {
  AdminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminCreateOrganization(argument: _auth_v1_AdminCreateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  
  AdminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  AdminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  AdminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  AdminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  adminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  adminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  adminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  adminDeleteOrganization(argument: _auth_v1_AdminDeleteOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminDeleteOrganizationResponse__Output>): grpc.ClientUnaryCall;
  
  AdminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  AdminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  AdminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  AdminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  adminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  adminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  adminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  adminGetOrganization(argument: _auth_v1_AdminGetOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganizationDetail__Output>): grpc.ClientUnaryCall;
  
  AdminListMembers(argument: _auth_v1_AdminListMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  AdminListMembers(argument: _auth_v1_AdminListMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  AdminListMembers(argument: _auth_v1_AdminListMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  AdminListMembers(argument: _auth_v1_AdminListMembersRequest, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  adminListMembers(argument: _auth_v1_AdminListMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  adminListMembers(argument: _auth_v1_AdminListMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  adminListMembers(argument: _auth_v1_AdminListMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  adminListMembers(argument: _auth_v1_AdminListMembersRequest, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  
  AdminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  AdminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  AdminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  AdminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  adminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  adminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  adminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  adminListOrganizations(argument: _auth_v1_AdminListOrganizationsRequest, callback: grpc.requestCallback<_auth_v1_AdminListOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  
  AdminRemoveMember(argument: _auth_v1_AdminMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRemoveMember(argument: _auth_v1_AdminMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRemoveMember(argument: _auth_v1_AdminMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRemoveMember(argument: _auth_v1_AdminMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRemoveMember(argument: _auth_v1_AdminMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRemoveMember(argument: _auth_v1_AdminMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRemoveMember(argument: _auth_v1_AdminMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRemoveMember(argument: _auth_v1_AdminMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
  AdminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  AdminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  adminRevokeInvitation(argument: _auth_v1_AdminInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
  AdminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  AdminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  AdminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  AdminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  adminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  adminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  adminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  adminSetMemberRoles(argument: _auth_v1_AdminMemberRolesRequest, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  
  AdminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  AdminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  adminUpdateOrganization(argument: _auth_v1_AdminUpdateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_AdminOrganization__Output>): grpc.ClientUnaryCall;
  
}

export interface OrganizationAdminServiceHandlers extends grpc.UntypedServiceImplementation {
  AdminCreateOrganization: grpc.handleUnaryCall<_auth_v1_AdminCreateOrganizationRequest__Output, _auth_v1_AdminOrganization>;
  
  AdminDeleteOrganization: grpc.handleUnaryCall<_auth_v1_AdminDeleteOrganizationRequest__Output, _auth_v1_AdminDeleteOrganizationResponse>;
  
  AdminGetOrganization: grpc.handleUnaryCall<_auth_v1_AdminGetOrganizationRequest__Output, _auth_v1_AdminOrganizationDetail>;
  
  AdminListMembers: grpc.handleUnaryCall<_auth_v1_AdminListMembersRequest__Output, _auth_v1_ListMembersResponse>;
  
  AdminListOrganizations: grpc.handleUnaryCall<_auth_v1_AdminListOrganizationsRequest__Output, _auth_v1_AdminListOrganizationsResponse>;
  
  AdminRemoveMember: grpc.handleUnaryCall<_auth_v1_AdminMemberRequest__Output, _auth_v1_OrgEmpty>;
  
  AdminRevokeInvitation: grpc.handleUnaryCall<_auth_v1_AdminInvitationRequest__Output, _auth_v1_OrgEmpty>;
  
  AdminSetMemberRoles: grpc.handleUnaryCall<_auth_v1_AdminMemberRolesRequest__Output, _auth_v1_SetMemberRolesResponse>;
  
  AdminUpdateOrganization: grpc.handleUnaryCall<_auth_v1_AdminUpdateOrganizationRequest__Output, _auth_v1_AdminOrganization>;
  
}

export interface OrganizationAdminServiceDefinition extends grpc.ServiceDefinition {
  AdminCreateOrganization: MethodDefinition<_auth_v1_AdminCreateOrganizationRequest, _auth_v1_AdminOrganization, _auth_v1_AdminCreateOrganizationRequest__Output, _auth_v1_AdminOrganization__Output>
  AdminDeleteOrganization: MethodDefinition<_auth_v1_AdminDeleteOrganizationRequest, _auth_v1_AdminDeleteOrganizationResponse, _auth_v1_AdminDeleteOrganizationRequest__Output, _auth_v1_AdminDeleteOrganizationResponse__Output>
  AdminGetOrganization: MethodDefinition<_auth_v1_AdminGetOrganizationRequest, _auth_v1_AdminOrganizationDetail, _auth_v1_AdminGetOrganizationRequest__Output, _auth_v1_AdminOrganizationDetail__Output>
  AdminListMembers: MethodDefinition<_auth_v1_AdminListMembersRequest, _auth_v1_ListMembersResponse, _auth_v1_AdminListMembersRequest__Output, _auth_v1_ListMembersResponse__Output>
  AdminListOrganizations: MethodDefinition<_auth_v1_AdminListOrganizationsRequest, _auth_v1_AdminListOrganizationsResponse, _auth_v1_AdminListOrganizationsRequest__Output, _auth_v1_AdminListOrganizationsResponse__Output>
  AdminRemoveMember: MethodDefinition<_auth_v1_AdminMemberRequest, _auth_v1_OrgEmpty, _auth_v1_AdminMemberRequest__Output, _auth_v1_OrgEmpty__Output>
  AdminRevokeInvitation: MethodDefinition<_auth_v1_AdminInvitationRequest, _auth_v1_OrgEmpty, _auth_v1_AdminInvitationRequest__Output, _auth_v1_OrgEmpty__Output>
  AdminSetMemberRoles: MethodDefinition<_auth_v1_AdminMemberRolesRequest, _auth_v1_SetMemberRolesResponse, _auth_v1_AdminMemberRolesRequest__Output, _auth_v1_SetMemberRolesResponse__Output>
  AdminUpdateOrganization: MethodDefinition<_auth_v1_AdminUpdateOrganizationRequest, _auth_v1_AdminOrganization, _auth_v1_AdminUpdateOrganizationRequest__Output, _auth_v1_AdminOrganization__Output>
}
