// Original file: protos/auth/v1/sessions.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { EndOtherSessionsRequest as _auth_v1_EndOtherSessionsRequest, EndOtherSessionsRequest__Output as _auth_v1_EndOtherSessionsRequest__Output } from '../../auth/v1/EndOtherSessionsRequest';
import type { EndOtherSessionsResponse as _auth_v1_EndOtherSessionsResponse, EndOtherSessionsResponse__Output as _auth_v1_EndOtherSessionsResponse__Output } from '../../auth/v1/EndOtherSessionsResponse';
import type { EndSessionRequest as _auth_v1_EndSessionRequest, EndSessionRequest__Output as _auth_v1_EndSessionRequest__Output } from '../../auth/v1/EndSessionRequest';
import type { EndSessionResponse as _auth_v1_EndSessionResponse, EndSessionResponse__Output as _auth_v1_EndSessionResponse__Output } from '../../auth/v1/EndSessionResponse';
import type { ListSessionsRequest as _auth_v1_ListSessionsRequest, ListSessionsRequest__Output as _auth_v1_ListSessionsRequest__Output } from '../../auth/v1/ListSessionsRequest';
import type { ListSessionsResponse as _auth_v1_ListSessionsResponse, ListSessionsResponse__Output as _auth_v1_ListSessionsResponse__Output } from '../../auth/v1/ListSessionsResponse';

export interface SessionServiceClient extends grpc.Client {
  EndOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  EndOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  endOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  endOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  endOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  endOtherSessions(argument: _auth_v1_EndOtherSessionsRequest, callback: grpc.requestCallback<_auth_v1_EndOtherSessionsResponse__Output>): grpc.ClientUnaryCall;
  
  EndSession(argument: _auth_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _auth_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _auth_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _auth_v1_EndSessionRequest, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _auth_v1_EndSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _auth_v1_EndSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _auth_v1_EndSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  endSession(argument: _auth_v1_EndSessionRequest, callback: grpc.requestCallback<_auth_v1_EndSessionResponse__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _auth_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _auth_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _auth_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _auth_v1_ListSessionsRequest, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _auth_v1_ListSessionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _auth_v1_ListSessionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _auth_v1_ListSessionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _auth_v1_ListSessionsRequest, callback: grpc.requestCallback<_auth_v1_ListSessionsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface SessionServiceHandlers extends grpc.UntypedServiceImplementation {
  EndOtherSessions: grpc.handleUnaryCall<_auth_v1_EndOtherSessionsRequest__Output, _auth_v1_EndOtherSessionsResponse>;
  
  EndSession: grpc.handleUnaryCall<_auth_v1_EndSessionRequest__Output, _auth_v1_EndSessionResponse>;
  
  ListSessions: grpc.handleUnaryCall<_auth_v1_ListSessionsRequest__Output, _auth_v1_ListSessionsResponse>;
  
}

export interface SessionServiceDefinition extends grpc.ServiceDefinition {
  EndOtherSessions: MethodDefinition<_auth_v1_EndOtherSessionsRequest, _auth_v1_EndOtherSessionsResponse, _auth_v1_EndOtherSessionsRequest__Output, _auth_v1_EndOtherSessionsResponse__Output>
  EndSession: MethodDefinition<_auth_v1_EndSessionRequest, _auth_v1_EndSessionResponse, _auth_v1_EndSessionRequest__Output, _auth_v1_EndSessionResponse__Output>
  ListSessions: MethodDefinition<_auth_v1_ListSessionsRequest, _auth_v1_ListSessionsResponse, _auth_v1_ListSessionsRequest__Output, _auth_v1_ListSessionsResponse__Output>
}
