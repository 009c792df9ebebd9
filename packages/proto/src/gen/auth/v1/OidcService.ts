// Original file: protos/auth/v1/oidc.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { OidcHttpRequest as _auth_v1_OidcHttpRequest, OidcHttpRequest__Output as _auth_v1_OidcHttpRequest__Output } from '../../auth/v1/OidcHttpRequest';
import type { OidcHttpResponse as _auth_v1_OidcHttpResponse, OidcHttpResponse__Output as _auth_v1_OidcHttpResponse__Output } from '../../auth/v1/OidcHttpResponse';

export interface OidcServiceClient extends grpc.Client {
  Http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  Http(argument: _auth_v1_OidcHttpRequest, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  http(argument: _auth_v1_OidcHttpRequest, callback: grpc.requestCallback<_auth_v1_OidcHttpResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface OidcServiceHandlers extends grpc.UntypedServiceImplementation {
  Http: grpc.handleUnaryCall<_auth_v1_OidcHttpRequest__Output, _auth_v1_OidcHttpResponse>;
  
}

export interface OidcServiceDefinition extends grpc.ServiceDefinition {
  Http: MethodDefinition<_auth_v1_OidcHttpRequest, _auth_v1_OidcHttpResponse, _auth_v1_OidcHttpRequest__Output, _auth_v1_OidcHttpResponse__Output>
}
