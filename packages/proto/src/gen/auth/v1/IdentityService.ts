// Original file: protos/auth/v1/identities.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ExportMyDataRequest as _auth_v1_ExportMyDataRequest, ExportMyDataRequest__Output as _auth_v1_ExportMyDataRequest__Output } from '../../auth/v1/ExportMyDataRequest';
import type { ExportMyDataResponse as _auth_v1_ExportMyDataResponse, ExportMyDataResponse__Output as _auth_v1_ExportMyDataResponse__Output } from '../../auth/v1/ExportMyDataResponse';
import type { ListIdentitiesRequest as _auth_v1_ListIdentitiesRequest, ListIdentitiesRequest__Output as _auth_v1_ListIdentitiesRequest__Output } from '../../auth/v1/ListIdentitiesRequest';
import type { ListIdentitiesResponse as _auth_v1_ListIdentitiesResponse, ListIdentitiesResponse__Output as _auth_v1_ListIdentitiesResponse__Output } from '../../auth/v1/ListIdentitiesResponse';
import type { UnlinkIdentityRequest as _auth_v1_UnlinkIdentityRequest, UnlinkIdentityRequest__Output as _auth_v1_UnlinkIdentityRequest__Output } from '../../auth/v1/UnlinkIdentityRequest';
import type { UnlinkIdentityResponse as _auth_v1_UnlinkIdentityResponse, UnlinkIdentityResponse__Output as _auth_v1_UnlinkIdentityResponse__Output } from '../../auth/v1/UnlinkIdentityResponse';

export interface IdentityServiceClient extends grpc.Client {
  ExportMyData(argument: _auth_v1_ExportMyDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  ExportMyData(argument: _auth_v1_ExportMyDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  ExportMyData(argument: _auth_v1_ExportMyDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  ExportMyData(argument: _auth_v1_ExportMyDataRequest, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  exportMyData(argument: _auth_v1_ExportMyDataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  exportMyData(argument: _auth_v1_ExportMyDataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  exportMyData(argument: _auth_v1_ExportMyDataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  exportMyData(argument: _auth_v1_ExportMyDataRequest, callback: grpc.requestCallback<_auth_v1_ExportMyDataResponse__Output>): grpc.ClientUnaryCall;
  
  ListIdentities(argument: _auth_v1_ListIdentitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  ListIdentities(argument: _auth_v1_ListIdentitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  ListIdentities(argument: _auth_v1_ListIdentitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  ListIdentities(argument: _auth_v1_ListIdentitiesRequest, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  listIdentities(argument: _auth_v1_ListIdentitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  listIdentities(argument: _auth_v1_ListIdentitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  listIdentities(argument: _auth_v1_ListIdentitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  listIdentities(argument: _auth_v1_ListIdentitiesRequest, callback: grpc.requestCallback<_auth_v1_ListIdentitiesResponse__Output>): grpc.ClientUnaryCall;
  
  UnlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  UnlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  UnlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  UnlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  unlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  unlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  unlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  unlinkIdentity(argument: _auth_v1_UnlinkIdentityRequest, callback: grpc.requestCallback<_auth_v1_UnlinkIdentityResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  ExportMyData: grpc.handleUnaryCall<_auth_v1_ExportMyDataRequest__Output, _auth_v1_ExportMyDataResponse>;
  
  ListIdentities: grpc.handleUnaryCall<_auth_v1_ListIdentitiesRequest__Output, _auth_v1_ListIdentitiesResponse>;
  
  UnlinkIdentity: grpc.handleUnaryCall<_auth_v1_UnlinkIdentityRequest__Output, _auth_v1_UnlinkIdentityResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  ExportMyData: MethodDefinition<_auth_v1_ExportMyDataRequest, _auth_v1_ExportMyDataResponse, _auth_v1_ExportMyDataRequest__Output, _auth_v1_ExportMyDataResponse__Output>
  ListIdentities: MethodDefinition<_auth_v1_ListIdentitiesRequest, _auth_v1_ListIdentitiesResponse, _auth_v1_ListIdentitiesRequest__Output, _auth_v1_ListIdentitiesResponse__Output>
  UnlinkIdentity: MethodDefinition<_auth_v1_UnlinkIdentityRequest, _auth_v1_UnlinkIdentityResponse, _auth_v1_UnlinkIdentityRequest__Output, _auth_v1_UnlinkIdentityResponse__Output>
}
