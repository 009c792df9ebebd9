// Original file: protos/auth/v1/organizations.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptInvitationRequest as _auth_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _auth_v1_AcceptInvitationRequest__Output } from '../../auth/v1/AcceptInvitationRequest';
import type { CreateInvitationRequest as _auth_v1_CreateInvitationRequest, CreateInvitationRequest__Output as _auth_v1_CreateInvitationRequest__Output } from '../../auth/v1/CreateInvitationRequest';
import type { CreateInvitationResponse as _auth_v1_CreateInvitationResponse, CreateInvitationResponse__Output as _auth_v1_CreateInvitationResponse__Output } from '../../auth/v1/CreateInvitationResponse';
import type { CreateOrganizationRequest as _auth_v1_CreateOrganizationRequest, CreateOrganizationRequest__Output as _auth_v1_CreateOrganizationRequest__Output } from '../../auth/v1/CreateOrganizationRequest';
import type { GetMembershipRequest as _auth_v1_GetMembershipRequest, GetMembershipRequest__Output as _auth_v1_GetMembershipRequest__Output } from '../../auth/v1/GetMembershipRequest';
import type { GetMembershipResponse as _auth_v1_GetMembershipResponse, GetMembershipResponse__Output as _auth_v1_GetMembershipResponse__Output } from '../../auth/v1/GetMembershipResponse';
import type { ListMembersRequest as _auth_v1_ListMembersRequest, ListMembersRequest__Output as _auth_v1_ListMembersRequest__Output } from '../../auth/v1/ListMembersRequest';
import type { ListMembersResponse as _auth_v1_ListMembersResponse, ListMembersResponse__Output as _auth_v1_ListMembersResponse__Output } from '../../auth/v1/ListMembersResponse';
import type { ListMyOrganizationsRequest as _auth_v1_ListMyOrganizationsRequest, ListMyOrganizationsRequest__Output as _auth_v1_ListMyOrganizationsRequest__Output } from '../../auth/v1/ListMyOrganizationsRequest';
import type { ListMyOrganizationsResponse as _auth_v1_ListMyOrganizationsResponse, ListMyOrganizationsResponse__Output as _auth_v1_ListMyOrganizationsResponse__Output } from '../../auth/v1/ListMyOrganizationsResponse';
import type { OrgEmpty as _auth_v1_OrgEmpty, OrgEmpty__Output as _auth_v1_OrgEmpty__Output } from '../../auth/v1/OrgEmpty';
import type { OrgMemberRequest as _auth_v1_OrgMemberRequest, OrgMemberRequest__Output as _auth_v1_OrgMemberRequest__Output } from '../../auth/v1/OrgMemberRequest';
import type { OrgRequest as _auth_v1_OrgRequest, OrgRequest__Output as _auth_v1_OrgRequest__Output } from '../../auth/v1/OrgRequest';
import type { OrganizationEntry as _auth_v1_OrganizationEntry, OrganizationEntry__Output as _auth_v1_OrganizationEntry__Output } from '../../auth/v1/OrganizationEntry';
import type { RevokeInvitationRequest as _auth_v1_RevokeInvitationRequest, RevokeInvitationRequest__Output as _auth_v1_RevokeInvitationRequest__Output } from '../../auth/v1/RevokeInvitationRequest';
import type { SetMemberRolesRequest as _auth_v1_SetMemberRolesRequest, SetMemberRolesRequest__Output as _auth_v1_SetMemberRolesRequest__Output } from '../../auth/v1/SetMemberRolesRequest';
import type { SetMemberRolesResponse as _auth_v1_SetMemberRolesResponse, SetMemberRolesResponse__Output as _auth_v1_SetMemberRolesResponse__Output } from '../../auth/v1/SetMemberRolesResponse';
import type { SwitchOrganizationRequest as _auth_v1_SwitchOrganizationRequest, SwitchOrganizationRequest__Output as _auth_v1_SwitchOrganizationRequest__Output } from '../../auth/v1/SwitchOrganizationRequest';
import type { SwitchOrganizationResponse as _auth_v1_SwitchOrganizationResponse, SwitchOrganizationResponse__Output as _auth_v1_SwitchOrganizationResponse__Output } from '../../auth/v1/SwitchOrganizationResponse';

export interface OrganizationServiceClient extends grpc.Client {
  AcceptInvitation(argument: _auth_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _auth_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _auth_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _auth_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _auth_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _auth_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _auth_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _auth_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  
  CreateInvitation(argument: _auth_v1_CreateInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _auth_v1_CreateInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _auth_v1_CreateInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  CreateInvitation(argument: _auth_v1_CreateInvitationRequest, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _auth_v1_CreateInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _auth_v1_CreateInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _auth_v1_CreateInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  createInvitation(argument: _auth_v1_CreateInvitationRequest, callback: grpc.requestCallback<_auth_v1_CreateInvitationResponse__Output>): grpc.ClientUnaryCall;
  
  CreateOrganization(argument: _auth_v1_CreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _auth_v1_CreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _auth_v1_CreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _auth_v1_CreateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _auth_v1_CreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _auth_v1_CreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _auth_v1_CreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _auth_v1_CreateOrganizationRequest, callback: grpc.requestCallback<_auth_v1_OrganizationEntry__Output>): grpc.ClientUnaryCall;
  
  GetMembership(argument: _auth_v1_GetMembershipRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _auth_v1_GetMembershipRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _auth_v1_GetMembershipRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  GetMembership(argument: _auth_v1_GetMembershipRequest, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _auth_v1_GetMembershipRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _auth_v1_GetMembershipRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _auth_v1_GetMembershipRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  getMembership(argument: _auth_v1_GetMembershipRequest, callback: grpc.requestCallback<_auth_v1_GetMembershipResponse__Output>): grpc.ClientUnaryCall;
  
  LeaveOrganization(argument: _auth_v1_OrgRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  LeaveOrganization(argument: _auth_v1_OrgRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  LeaveOrganization(argument: _auth_v1_OrgRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  LeaveOrganization(argument: _auth_v1_OrgRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  leaveOrganization(argument: _auth_v1_OrgRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  leaveOrganization(argument: _auth_v1_OrgRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  leaveOrganization(argument: _auth_v1_OrgRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  leaveOrganization(argument: _auth_v1_OrgRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
  ListMembers(argument: _auth_v1_ListMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _auth_v1_ListMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _auth_v1_ListMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _auth_v1_ListMembersRequest, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _auth_v1_ListMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _auth_v1_ListMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _auth_v1_ListMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _auth_v1_ListMembersRequest, callback: grpc.requestCallback<_auth_v1_ListMembersResponse__Output>): grpc.ClientUnaryCall;
  
  ListMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  ListMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  listMyOrganizations(argument: _auth_v1_ListMyOrganizationsRequest, callback: grpc.requestCallback<_auth_v1_ListMyOrganizationsResponse__Output>): grpc.ClientUnaryCall;
  
  RemoveMember(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _auth_v1_OrgMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _auth_v1_OrgMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _auth_v1_OrgMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _auth_v1_OrgMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
  RevokeInvitation(argument: _auth_v1_RevokeInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _auth_v1_RevokeInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _auth_v1_RevokeInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  RevokeInvitation(argument: _auth_v1_RevokeInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _auth_v1_RevokeInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _auth_v1_RevokeInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _auth_v1_RevokeInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  revokeInvitation(argument: _auth_v1_RevokeInvitationRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
  SetMemberRoles(argument: _auth_v1_SetMemberRolesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  SetMemberRoles(argument: _auth_v1_SetMemberRolesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  SetMemberRoles(argument: _auth_v1_SetMemberRolesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  SetMemberRoles(argument: _auth_v1_SetMemberRolesRequest, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  setMemberRoles(argument: _auth_v1_SetMemberRolesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  setMemberRoles(argument: _auth_v1_SetMemberRolesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  setMemberRoles(argument: _auth_v1_SetMemberRolesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  setMemberRoles(argument: _auth_v1_SetMemberRolesRequest, callback: grpc.requestCallback<_auth_v1_SetMemberRolesResponse__Output>): grpc.ClientUnaryCall;
  
  SwitchOrganization(argument: _auth_v1_SwitchOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  SwitchOrganization(argument: _auth_v1_SwitchOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  SwitchOrganization(argument: _auth_v1_SwitchOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  SwitchOrganization(argument: _auth_v1_SwitchOrganizationRequest, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  switchOrganization(argument: _auth_v1_SwitchOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  switchOrganization(argument: _auth_v1_SwitchOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  switchOrganization(argument: _auth_v1_SwitchOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  switchOrganization(argument: _auth_v1_SwitchOrganizationRequest, callback: grpc.requestCallback<_auth_v1_SwitchOrganizationResponse__Output>): grpc.ClientUnaryCall;
  
  TransferOwnership(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  TransferOwnership(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  TransferOwnership(argument: _auth_v1_OrgMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  TransferOwnership(argument: _auth_v1_OrgMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  transferOwnership(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  transferOwnership(argument: _auth_v1_OrgMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  transferOwnership(argument: _auth_v1_OrgMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  transferOwnership(argument: _auth_v1_OrgMemberRequest, callback: grpc.requestCallback<_auth_v1_OrgEmpty__Output>): grpc.ClientUnaryCall;
  
}

export interface OrganizationServiceHandlers extends grpc.UntypedServiceImplementation {
  AcceptInvitation: grpc.handleUnaryCall<_auth_v1_AcceptInvitationRequest__Output, _auth_v1_OrganizationEntry>;
  
  CreateInvitation: grpc.handleUnaryCall<_auth_v1_CreateInvitationRequest__Output, _auth_v1_CreateInvitationResponse>;
  
  CreateOrganization: grpc.handleUnaryCall<_auth_v1_CreateOrganizationRequest__Output, _auth_v1_OrganizationEntry>;
  
  GetMembership: grpc.handleUnaryCall<_auth_v1_GetMembershipRequest__Output, _auth_v1_GetMembershipResponse>;
  
  LeaveOrganization: grpc.handleUnaryCall<_auth_v1_OrgRequest__Output, _auth_v1_OrgEmpty>;
  
  ListMembers: grpc.handleUnaryCall<_auth_v1_ListMembersRequest__Output, _auth_v1_ListMembersResponse>;
  
  ListMyOrganizations: grpc.handleUnaryCall<_auth_v1_ListMyOrganizationsRequest__Output, _auth_v1_ListMyOrganizationsResponse>;
  
  RemoveMember: grpc.handleUnaryCall<_auth_v1_OrgMemberRequest__Output, _auth_v1_OrgEmpty>;
  
  RevokeInvitation: grpc.handleUnaryCall<_auth_v1_RevokeInvitationRequest__Output, _auth_v1_OrgEmpty>;
  
  SetMemberRoles: grpc.handleUnaryCall<_auth_v1_SetMemberRolesRequest__Output, _auth_v1_SetMemberRolesResponse>;
  
  SwitchOrganization: grpc.handleUnaryCall<_auth_v1_SwitchOrganizationRequest__Output, _auth_v1_SwitchOrganizationResponse>;
  
  TransferOwnership: grpc.handleUnaryCall<_auth_v1_OrgMemberRequest__Output, _auth_v1_OrgEmpty>;
  
}

export interface OrganizationServiceDefinition extends grpc.ServiceDefinition {
  AcceptInvitation: MethodDefinition<_auth_v1_AcceptInvitationRequest, _auth_v1_OrganizationEntry, _auth_v1_AcceptInvitationRequest__Output, _auth_v1_OrganizationEntry__Output>
  CreateInvitation: MethodDefinition<_auth_v1_CreateInvitationRequest, _auth_v1_CreateInvitationResponse, _auth_v1_CreateInvitationRequest__Output, _auth_v1_CreateInvitationResponse__Output>
  CreateOrganization: MethodDefinition<_auth_v1_CreateOrganizationRequest, _auth_v1_OrganizationEntry, _auth_v1_CreateOrganizationRequest__Output, _auth_v1_OrganizationEntry__Output>
  GetMembership: MethodDefinition<_auth_v1_GetMembershipRequest, _auth_v1_GetMembershipResponse, _auth_v1_GetMembershipRequest__Output, _auth_v1_GetMembershipResponse__Output>
  LeaveOrganization: MethodDefinition<_auth_v1_OrgRequest, _auth_v1_OrgEmpty, _auth_v1_OrgRequest__Output, _auth_v1_OrgEmpty__Output>
  ListMembers: MethodDefinition<_auth_v1_ListMembersRequest, _auth_v1_ListMembersResponse, _auth_v1_ListMembersRequest__Output, _auth_v1_ListMembersResponse__Output>
  ListMyOrganizations: MethodDefinition<_auth_v1_ListMyOrganizationsRequest, _auth_v1_ListMyOrganizationsResponse, _auth_v1_ListMyOrganizationsRequest__Output, _auth_v1_ListMyOrganizationsResponse__Output>
  RemoveMember: MethodDefinition<_auth_v1_OrgMemberRequest, _auth_v1_OrgEmpty, _auth_v1_OrgMemberRequest__Output, _auth_v1_OrgEmpty__Output>
  RevokeInvitation: MethodDefinition<_auth_v1_RevokeInvitationRequest, _auth_v1_OrgEmpty, _auth_v1_RevokeInvitationRequest__Output, _auth_v1_OrgEmpty__Output>
  SetMemberRoles: MethodDefinition<_auth_v1_SetMemberRolesRequest, _auth_v1_SetMemberRolesResponse, _auth_v1_SetMemberRolesRequest__Output, _auth_v1_SetMemberRolesResponse__Output>
  SwitchOrganization: MethodDefinition<_auth_v1_SwitchOrganizationRequest, _auth_v1_SwitchOrganizationResponse, _auth_v1_SwitchOrganizationRequest__Output, _auth_v1_SwitchOrganizationResponse__Output>
  TransferOwnership: MethodDefinition<_auth_v1_OrgMemberRequest, _auth_v1_OrgEmpty, _auth_v1_OrgMemberRequest__Output, _auth_v1_OrgEmpty__Output>
}
