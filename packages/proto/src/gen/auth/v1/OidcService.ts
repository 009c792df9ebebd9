// Original file: protos/auth/v1/oidc.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeviceCodeRequest as _auth_v1_DeviceCodeRequest, DeviceCodeRequest__Output as _auth_v1_DeviceCodeRequest__Output } from '../../auth/v1/DeviceCodeRequest';
import type { DeviceCodeResponse as _auth_v1_DeviceCodeResponse, DeviceCodeResponse__Output as _auth_v1_DeviceCodeResponse__Output } from '../../auth/v1/DeviceCodeResponse';
import type { ListGrantsRequest as _auth_v1_ListGrantsRequest, ListGrantsRequest__Output as _auth_v1_ListGrantsRequest__Output } from '../../auth/v1/ListGrantsRequest';
import type { ListGrantsResponse as _auth_v1_ListGrantsResponse, ListGrantsResponse__Output as _auth_v1_ListGrantsResponse__Output } from '../../auth/v1/ListGrantsResponse';
import type { OidcHttpRequest as _auth_v1_OidcHttpRequest, OidcHttpRequest__Output as _auth_v1_OidcHttpRequest__Output } from '../../auth/v1/OidcHttpRequest';
import type { OidcHttpResponse as _auth_v1_OidcHttpResponse, OidcHttpResponse__Output as _auth_v1_OidcHttpResponse__Output } from '../../auth/v1/OidcHttpResponse';
import type { RevokeGrantRequest as _auth_v1_RevokeGrantRequest, RevokeGrantRequest__Output as _auth_v1_RevokeGrantRequest__Output } from '../../auth/v1/RevokeGrantRequest';
import type { RevokeGrantResponse as _auth_v1_RevokeGrantResponse, RevokeGrantResponse__Output as _auth_v1_RevokeGrantResponse__Output } from '../../auth/v1/RevokeGrantResponse';

export interface OidcServiceClient extends grpc.Client {
  DecideDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  DecideDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  DecideDevice(argument: _auth_v1_DeviceCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  DecideDevice(argument: _auth_v1_DeviceCodeRequest, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  decideDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  decideDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  decideDevice(argument: _auth_v1_DeviceCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  decideDevice(argument: _auth_v1_DeviceCodeRequest, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  
  Http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  
  ListGrants(argument: _auth_v1_ListGrantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListGrants(argument: _auth_v1_ListGrantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListGrants(argument: _auth_v1_ListGrantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  ListGrants(argument: _auth_v1_ListGrantsRequest, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  listGrants(argument: _auth_v1_ListGrantsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  listGrants(argument: _auth_v1_ListGrantsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  listGrants(argument: _auth_v1_ListGrantsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  listGrants(argument: _auth_v1_ListGrantsRequest, callback: grpc.requestCallback<_auth_v1_ListGrantsResponse__Output>): grpc.ClientUnaryCall;
  
  RevokeGrant(argument: _auth_v1_RevokeGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  RevokeGrant(argument: _auth_v1_RevokeGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  RevokeGrant(argument: _auth_v1_RevokeGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  RevokeGrant(argument: _auth_v1_RevokeGrantRequest, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  revokeGrant(argument: _auth_v1_RevokeGrantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  revokeGrant(argument: _auth_v1_RevokeGrantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  revokeGrant(argument: _auth_v1_RevokeGrantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  revokeGrant(argument: _auth_v1_RevokeGrantRequest, callback: grpc.requestCallback<_auth_v1_RevokeGrantResponse__Output>): grpc.ClientUnaryCall;
  
  ShowDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  ShowDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  ShowDevice(argument: _auth_v1_DeviceCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  ShowDevice(argument: _auth_v1_DeviceCodeRequest, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  showDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  showDevice(argument: _auth_v1_DeviceCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  showDevice(argument: _auth_v1_DeviceCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  showDevice(argument: _auth_v1_DeviceCodeRequest, callback: grpc.requestCallback<_auth_v1_DeviceCodeResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface OidcServiceHandlers extends grpc.UntypedServiceImplementation {
  DecideDevice: grpc.handleUnaryCall<_auth_v1_DeviceCodeRequest__Output, _auth_v1_DeviceCodeResponse>;
  
  Http: grpc.handleUnaryCall<_auth_v1_OidcHttpRequest__Output, _auth_v1_OidcHttpResponse>;
  
  ListGrants: grpc.handleUnaryCall<_auth_v1_ListGrantsRequest__Output, _auth_v1_ListGrantsResponse>;
  
  RevokeGrant: grpc.handleUnaryCall<_auth_v1_RevokeGrantRequest__Output, _auth_v1_RevokeGrantResponse>;
  
  ShowDevice: grpc.handleUnaryCall<_auth_v1_DeviceCodeRequest__Output, _auth_v1_DeviceCodeResponse>;
  
}

export interface OidcServiceDefinition extends grpc.ServiceDefinition {
  DecideDevice: MethodDefinition<_auth_v1_DeviceCodeRequest, _auth_v1_DeviceCodeResponse, _auth_v1_DeviceCodeRequest__Output, _auth_v1_DeviceCodeResponse__Output>
  Http: MethodDefinition<_auth_v1_OidcHttpRequest, _auth_v1_OidcHttpResponse, _auth_v1_OidcHttpRequest__Output, _auth_v1_OidcHttpResponse__Output>
  ListGrants: MethodDefinition<_auth_v1_ListGrantsRequest, _auth_v1_ListGrantsResponse, _auth_v1_ListGrantsRequest__Output, _auth_v1_ListGrantsResponse__Output>
  RevokeGrant: MethodDefinition<_auth_v1_RevokeGrantRequest, _auth_v1_RevokeGrantResponse, _auth_v1_RevokeGrantRequest__Output, _auth_v1_RevokeGrantResponse__Output>
  ShowDevice: MethodDefinition<_auth_v1_DeviceCodeRequest, _auth_v1_DeviceCodeResponse, _auth_v1_DeviceCodeRequest__Output, _auth_v1_DeviceCodeResponse__Output>
}
