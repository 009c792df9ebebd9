// Original file: protos/auth/v1/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BeginLoginRequest as _auth_v1_BeginLoginRequest, BeginLoginRequest__Output as _auth_v1_BeginLoginRequest__Output } from '../../auth/v1/BeginLoginRequest';
import type { BeginLoginResponse as _auth_v1_BeginLoginResponse, BeginLoginResponse__Output as _auth_v1_BeginLoginResponse__Output } from '../../auth/v1/BeginLoginResponse';
import type { CompleteLoginRequest as _auth_v1_CompleteLoginRequest, CompleteLoginRequest__Output as _auth_v1_CompleteLoginRequest__Output } from '../../auth/v1/CompleteLoginRequest';
import type { CompleteLoginResponse as _auth_v1_CompleteLoginResponse, CompleteLoginResponse__Output as _auth_v1_CompleteLoginResponse__Output } from '../../auth/v1/CompleteLoginResponse';
import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';
import type { IssueSessionRequest as _auth_v1_IssueSessionRequest, IssueSessionRequest__Output as _auth_v1_IssueSessionRequest__Output } from '../../auth/v1/IssueSessionRequest';
import type { IssueSessionResponse as _auth_v1_IssueSessionResponse, IssueSessionResponse__Output as _auth_v1_IssueSessionResponse__Output } from '../../auth/v1/IssueSessionResponse';
import type { ListProvidersRequest as _auth_v1_ListProvidersRequest, ListProvidersRequest__Output as _auth_v1_ListProvidersRequest__Output } from '../../auth/v1/ListProvidersRequest';
import type { ListProvidersResponse as _auth_v1_ListProvidersResponse, ListProvidersResponse__Output as _auth_v1_ListProvidersResponse__Output } from '../../auth/v1/ListProvidersResponse';
import type { LogoutRequest as _auth_v1_LogoutRequest, LogoutRequest__Output as _auth_v1_LogoutRequest__Output } from '../../auth/v1/LogoutRequest';
import type { LogoutResponse as _auth_v1_LogoutResponse, LogoutResponse__Output as _auth_v1_LogoutResponse__Output } from '../../auth/v1/LogoutResponse';
import type { RefreshTokenRequest as _auth_v1_RefreshTokenRequest, RefreshTokenRequest__Output as _auth_v1_RefreshTokenRequest__Output } from '../../auth/v1/RefreshTokenRequest';
import type { RefreshTokenResponse as _auth_v1_RefreshTokenResponse, RefreshTokenResponse__Output as _auth_v1_RefreshTokenResponse__Output } from '../../auth/v1/RefreshTokenResponse';
import type { WatchEndedSessionsRequest as _auth_v1_WatchEndedSessionsRequest, WatchEndedSessionsRequest__Output as _auth_v1_WatchEndedSessionsRequest__Output } from '../../auth/v1/WatchEndedSessionsRequest';

export interface AuthServiceClient extends grpc.Client {
  BeginLogin(argument: _auth_v1_BeginLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  BeginLogin(argument: _auth_v1_BeginLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  BeginLogin(argument: _auth_v1_BeginLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  BeginLogin(argument: _auth_v1_BeginLoginRequest, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  beginLogin(argument: _auth_v1_BeginLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  beginLogin(argument: _auth_v1_BeginLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  beginLogin(argument: _auth_v1_BeginLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  beginLogin(argument: _auth_v1_BeginLoginRequest, callback: grpc.requestCallback<_auth_v1_BeginLoginResponse__Output>): grpc.ClientUnaryCall;
  
  CompleteLogin(argument: _auth_v1_CompleteLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  CompleteLogin(argument: _auth_v1_CompleteLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  CompleteLogin(argument: _auth_v1_CompleteLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  CompleteLogin(argument: _auth_v1_CompleteLoginRequest, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  completeLogin(argument: _auth_v1_CompleteLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  completeLogin(argument: _auth_v1_CompleteLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  completeLogin(argument: _auth_v1_CompleteLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  completeLogin(argument: _auth_v1_CompleteLoginRequest, callback: grpc.requestCallback<_auth_v1_CompleteLoginResponse__Output>): grpc.ClientUnaryCall;
  
  IssueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  
  ListProviders(argument: _auth_v1_ListProvidersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  ListProviders(argument: _auth_v1_ListProvidersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  ListProviders(argument: _auth_v1_ListProvidersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  ListProviders(argument: _auth_v1_ListProvidersRequest, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  listProviders(argument: _auth_v1_ListProvidersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  listProviders(argument: _auth_v1_ListProvidersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  listProviders(argument: _auth_v1_ListProvidersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  listProviders(argument: _auth_v1_ListProvidersRequest, callback: grpc.requestCallback<_auth_v1_ListProvidersResponse__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _auth_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _auth_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _auth_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _auth_v1_LogoutRequest, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _auth_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _auth_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _auth_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _auth_v1_LogoutRequest, callback: grpc.requestCallback<_auth_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  
  WatchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  WatchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  watchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  watchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  BeginLogin: grpc.handleUnaryCall<_auth_v1_BeginLoginRequest__Output, _auth_v1_BeginLoginResponse>;
  
  CompleteLogin: grpc.handleUnaryCall<_auth_v1_CompleteLoginRequest__Output, _auth_v1_CompleteLoginResponse>;
  
  IssueSession: grpc.handleUnaryCall<_auth_v1_IssueSessionRequest__Output, _auth_v1_IssueSessionResponse>;
  
  ListProviders: grpc.handleUnaryCall<_auth_v1_ListProvidersRequest__Output, _auth_v1_ListProvidersResponse>;
  
  Logout: grpc.handleUnaryCall<_auth_v1_LogoutRequest__Output, _auth_v1_LogoutResponse>;
  
  RefreshToken: grpc.handleUnaryCall<_auth_v1_RefreshTokenRequest__Output, _auth_v1_RefreshTokenResponse>;
  
  WatchEndedSessions: grpc.handleServerStreamingCall<_auth_v1_WatchEndedSessionsRequest__Output, _auth_v1_EndedSession>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  BeginLogin: MethodDefinition<_auth_v1_BeginLoginRequest, _auth_v1_BeginLoginResponse, _auth_v1_BeginLoginRequest__Output, _auth_v1_BeginLoginResponse__Output>
  CompleteLogin: MethodDefinition<_auth_v1_CompleteLoginRequest, _auth_v1_CompleteLoginResponse, _auth_v1_CompleteLoginRequest__Output, _auth_v1_CompleteLoginResponse__Output>
  IssueSession: MethodDefinition<_auth_v1_IssueSessionRequest, _auth_v1_IssueSessionResponse, _auth_v1_IssueSessionRequest__Output, _auth_v1_IssueSessionResponse__Output>
  ListProviders: MethodDefinition<_auth_v1_ListProvidersRequest, _auth_v1_ListProvidersResponse, _auth_v1_ListProvidersRequest__Output, _auth_v1_ListProvidersResponse__Output>
  Logout: MethodDefinition<_auth_v1_LogoutRequest, _auth_v1_LogoutResponse, _auth_v1_LogoutRequest__Output, _auth_v1_LogoutResponse__Output>
  RefreshToken: MethodDefinition<_auth_v1_RefreshTokenRequest, _auth_v1_RefreshTokenResponse, _auth_v1_RefreshTokenRequest__Output, _auth_v1_RefreshTokenResponse__Output>
  WatchEndedSessions: MethodDefinition<_auth_v1_WatchEndedSessionsRequest, _auth_v1_EndedSession, _auth_v1_WatchEndedSessionsRequest__Output, _auth_v1_EndedSession__Output>
}
