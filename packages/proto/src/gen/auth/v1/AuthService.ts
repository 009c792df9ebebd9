// Original file: protos/auth/v1/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BeginLoginRequest as _auth_v1_BeginLoginRequest, BeginLoginRequest__Output as _auth_v1_BeginLoginRequest__Output } from '../../auth/v1/BeginLoginRequest';
import type { BeginLoginResponse as _auth_v1_BeginLoginResponse, BeginLoginResponse__Output as _auth_v1_BeginLoginResponse__Output } from '../../auth/v1/BeginLoginResponse';
import type { CompleteLoginRequest as _auth_v1_CompleteLoginRequest, CompleteLoginRequest__Output as _auth_v1_CompleteLoginRequest__Output } from '../../auth/v1/CompleteLoginRequest';
import type { CompleteLoginResponse as _auth_v1_CompleteLoginResponse, CompleteLoginResponse__Output as _auth_v1_CompleteLoginResponse__Output } from '../../auth/v1/CompleteLoginResponse';
import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from '../../auth/v1/EndedSession';
import type { GetJwksRequest as _auth_v1_GetJwksRequest, GetJwksRequest__Output as _auth_v1_GetJwksRequest__Output } from '../../auth/v1/GetJwksRequest';
import type { GetJwksResponse as _auth_v1_GetJwksResponse, GetJwksResponse__Output as _auth_v1_GetJwksResponse__Output } from '../../auth/v1/GetJwksResponse';
import type { IssueSessionRequest as _auth_v1_IssueSessionRequest, IssueSessionRequest__Output as _auth_v1_IssueSessionRequest__Output } from '../../auth/v1/IssueSessionRequest';
import type { IssueSessionResponse as _auth_v1_IssueSessionResponse, IssueSessionResponse__Output as _auth_v1_IssueSessionResponse__Output } from '../../auth/v1/IssueSessionResponse';
import type { ListPasskeysResponse as _auth_v1_ListPasskeysResponse, ListPasskeysResponse__Output as _auth_v1_ListPasskeysResponse__Output } from '../../auth/v1/ListPasskeysResponse';
import type { ListProvidersRequest as _auth_v1_ListProvidersRequest, ListProvidersRequest__Output as _auth_v1_ListProvidersRequest__Output } from '../../auth/v1/ListProvidersRequest';
import type { ListProvidersResponse as _auth_v1_ListProvidersResponse, ListProvidersResponse__Output as _auth_v1_ListProvidersResponse__Output } from '../../auth/v1/ListProvidersResponse';
import type { LogoutRequest as _auth_v1_LogoutRequest, LogoutRequest__Output as _auth_v1_LogoutRequest__Output } from '../../auth/v1/LogoutRequest';
import type { LogoutResponse as _auth_v1_LogoutResponse, LogoutResponse__Output as _auth_v1_LogoutResponse__Output } from '../../auth/v1/LogoutResponse';
import type { PasskeyInfo as _auth_v1_PasskeyInfo, PasskeyInfo__Output as _auth_v1_PasskeyInfo__Output } from '../../auth/v1/PasskeyInfo';
import type { PasskeyLoginOptionsRequest as _auth_v1_PasskeyLoginOptionsRequest, PasskeyLoginOptionsRequest__Output as _auth_v1_PasskeyLoginOptionsRequest__Output } from '../../auth/v1/PasskeyLoginOptionsRequest';
import type { PasskeyLoginRequest as _auth_v1_PasskeyLoginRequest, PasskeyLoginRequest__Output as _auth_v1_PasskeyLoginRequest__Output } from '../../auth/v1/PasskeyLoginRequest';
import type { PasskeyLoginResponse as _auth_v1_PasskeyLoginResponse, PasskeyLoginResponse__Output as _auth_v1_PasskeyLoginResponse__Output } from '../../auth/v1/PasskeyLoginResponse';
import type { PasskeyOptionsResponse as _auth_v1_PasskeyOptionsResponse, PasskeyOptionsResponse__Output as _auth_v1_PasskeyOptionsResponse__Output } from '../../auth/v1/PasskeyOptionsResponse';
import type { PasskeyUserRequest as _auth_v1_PasskeyUserRequest, PasskeyUserRequest__Output as _auth_v1_PasskeyUserRequest__Output } from '../../auth/v1/PasskeyUserRequest';
import type { RefreshTokenRequest as _auth_v1_RefreshTokenRequest, RefreshTokenRequest__Output as _auth_v1_RefreshTokenRequest__Output } from '../../auth/v1/RefreshTokenRequest';
import type { RefreshTokenResponse as _auth_v1_RefreshTokenResponse, RefreshTokenResponse__Output as _auth_v1_RefreshTokenResponse__Output } from '../../auth/v1/RefreshTokenResponse';
import type { RegisterPasskeyRequest as _auth_v1_RegisterPasskeyRequest, RegisterPasskeyRequest__Output as _auth_v1_RegisterPasskeyRequest__Output } from '../../auth/v1/RegisterPasskeyRequest';
import type { RemovePasskeyRequest as _auth_v1_RemovePasskeyRequest, RemovePasskeyRequest__Output as _auth_v1_RemovePasskeyRequest__Output } from '../../auth/v1/RemovePasskeyRequest';
import type { RemovePasskeyResponse as _auth_v1_RemovePasskeyResponse, RemovePasskeyResponse__Output as _auth_v1_RemovePasskeyResponse__Output } from '../../auth/v1/RemovePasskeyResponse';
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
  
  GetJwks(argument: _auth_v1_GetJwksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  GetJwks(argument: _auth_v1_GetJwksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  GetJwks(argument: _auth_v1_GetJwksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  GetJwks(argument: _auth_v1_GetJwksRequest, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  getJwks(argument: _auth_v1_GetJwksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  getJwks(argument: _auth_v1_GetJwksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  getJwks(argument: _auth_v1_GetJwksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  getJwks(argument: _auth_v1_GetJwksRequest, callback: grpc.requestCallback<_auth_v1_GetJwksResponse__Output>): grpc.ClientUnaryCall;
  
  IssueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  IssueSession(argument: _auth_v1_IssueSessionRequest, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  issueSession(argument: _auth_v1_IssueSessionRequest, callback: grpc.requestCallback<_auth_v1_IssueSessionResponse__Output>): grpc.ClientUnaryCall;
  
  ListPasskeys(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _auth_v1_PasskeyUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _auth_v1_PasskeyUserRequest, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _auth_v1_PasskeyUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _auth_v1_PasskeyUserRequest, callback: grpc.requestCallback<_auth_v1_ListPasskeysResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  PasskeyLogin(argument: _auth_v1_PasskeyLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLogin(argument: _auth_v1_PasskeyLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLogin(argument: _auth_v1_PasskeyLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLogin(argument: _auth_v1_PasskeyLoginRequest, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  passkeyLogin(argument: _auth_v1_PasskeyLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  passkeyLogin(argument: _auth_v1_PasskeyLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  passkeyLogin(argument: _auth_v1_PasskeyLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  passkeyLogin(argument: _auth_v1_PasskeyLoginRequest, callback: grpc.requestCallback<_auth_v1_PasskeyLoginResponse__Output>): grpc.ClientUnaryCall;
  
  PasskeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyLoginOptions(argument: _auth_v1_PasskeyLoginOptionsRequest, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  
  PasskeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  PasskeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  passkeyRegistrationOptions(argument: _auth_v1_PasskeyUserRequest, callback: grpc.requestCallback<_auth_v1_PasskeyOptionsResponse__Output>): grpc.ClientUnaryCall;
  
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  RefreshToken(argument: _auth_v1_RefreshTokenRequest, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  refreshToken(argument: _auth_v1_RefreshTokenRequest, callback: grpc.requestCallback<_auth_v1_RefreshTokenResponse__Output>): grpc.ClientUnaryCall;
  
  RegisterPasskey(argument: _auth_v1_RegisterPasskeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  RegisterPasskey(argument: _auth_v1_RegisterPasskeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  RegisterPasskey(argument: _auth_v1_RegisterPasskeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  RegisterPasskey(argument: _auth_v1_RegisterPasskeyRequest, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  registerPasskey(argument: _auth_v1_RegisterPasskeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  registerPasskey(argument: _auth_v1_RegisterPasskeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  registerPasskey(argument: _auth_v1_RegisterPasskeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  registerPasskey(argument: _auth_v1_RegisterPasskeyRequest, callback: grpc.requestCallback<_auth_v1_PasskeyInfo__Output>): grpc.ClientUnaryCall;
  
  RemovePasskey(argument: _auth_v1_RemovePasskeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _auth_v1_RemovePasskeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _auth_v1_RemovePasskeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _auth_v1_RemovePasskeyRequest, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _auth_v1_RemovePasskeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _auth_v1_RemovePasskeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _auth_v1_RemovePasskeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _auth_v1_RemovePasskeyRequest, callback: grpc.requestCallback<_auth_v1_RemovePasskeyResponse__Output>): grpc.ClientUnaryCall;
  
  WatchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  WatchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  watchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  watchEndedSessions(argument: _auth_v1_WatchEndedSessionsRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_auth_v1_EndedSession__Output>;
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  BeginLogin: grpc.handleUnaryCall<_auth_v1_BeginLoginRequest__Output, _auth_v1_BeginLoginResponse>;
  
  CompleteLogin: grpc.handleUnaryCall<_auth_v1_CompleteLoginRequest__Output, _auth_v1_CompleteLoginResponse>;
  
  GetJwks: grpc.handleUnaryCall<_auth_v1_GetJwksRequest__Output, _auth_v1_GetJwksResponse>;
  
  IssueSession: grpc.handleUnaryCall<_auth_v1_IssueSessionRequest__Output, _auth_v1_IssueSessionResponse>;
  
  ListPasskeys: grpc.handleUnaryCall<_auth_v1_PasskeyUserRequest__Output, _auth_v1_ListPasskeysResponse>;
  
  ListProviders: grpc.handleUnaryCall<_auth_v1_ListProvidersRequest__Output, _auth_v1_ListProvidersResponse>;
  
  Logout: grpc.handleUnaryCall<_auth_v1_LogoutRequest__Output, _auth_v1_LogoutResponse>;
  
  PasskeyLogin: grpc.handleUnaryCall<_auth_v1_PasskeyLoginRequest__Output, _auth_v1_PasskeyLoginResponse>;
  
  PasskeyLoginOptions: grpc.handleUnaryCall<_auth_v1_PasskeyLoginOptionsRequest__Output, _auth_v1_PasskeyOptionsResponse>;
  
  PasskeyRegistrationOptions: grpc.handleUnaryCall<_auth_v1_PasskeyUserRequest__Output, _auth_v1_PasskeyOptionsResponse>;
  
  RefreshToken: grpc.handleUnaryCall<_auth_v1_RefreshTokenRequest__Output, _auth_v1_RefreshTokenResponse>;
  
  RegisterPasskey: grpc.handleUnaryCall<_auth_v1_RegisterPasskeyRequest__Output, _auth_v1_PasskeyInfo>;
  
  RemovePasskey: grpc.handleUnaryCall<_auth_v1_RemovePasskeyRequest__Output, _auth_v1_RemovePasskeyResponse>;
  
  WatchEndedSessions: grpc.handleServerStreamingCall<_auth_v1_WatchEndedSessionsRequest__Output, _auth_v1_EndedSession>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  BeginLogin: MethodDefinition<_auth_v1_BeginLoginRequest, _auth_v1_BeginLoginResponse, _auth_v1_BeginLoginRequest__Output, _auth_v1_BeginLoginResponse__Output>
  CompleteLogin: MethodDefinition<_auth_v1_CompleteLoginRequest, _auth_v1_CompleteLoginResponse, _auth_v1_CompleteLoginRequest__Output, _auth_v1_CompleteLoginResponse__Output>
  GetJwks: MethodDefinition<_auth_v1_GetJwksRequest, _auth_v1_GetJwksResponse, _auth_v1_GetJwksRequest__Output, _auth_v1_GetJwksResponse__Output>
  IssueSession: MethodDefinition<_auth_v1_IssueSessionRequest, _auth_v1_IssueSessionResponse, _auth_v1_IssueSessionRequest__Output, _auth_v1_IssueSessionResponse__Output>
  ListPasskeys: MethodDefinition<_auth_v1_PasskeyUserRequest, _auth_v1_ListPasskeysResponse, _auth_v1_PasskeyUserRequest__Output, _auth_v1_ListPasskeysResponse__Output>
  ListProviders: MethodDefinition<_auth_v1_ListProvidersRequest, _auth_v1_ListProvidersResponse, _auth_v1_ListProvidersRequest__Output, _auth_v1_ListProvidersResponse__Output>
  Logout: MethodDefinition<_auth_v1_LogoutRequest, _auth_v1_LogoutResponse, _auth_v1_LogoutRequest__Output, _auth_v1_LogoutResponse__Output>
  PasskeyLogin: MethodDefinition<_auth_v1_PasskeyLoginRequest, _auth_v1_PasskeyLoginResponse, _auth_v1_PasskeyLoginRequest__Output, _auth_v1_PasskeyLoginResponse__Output>
  PasskeyLoginOptions: MethodDefinition<_auth_v1_PasskeyLoginOptionsRequest, _auth_v1_PasskeyOptionsResponse, _auth_v1_PasskeyLoginOptionsRequest__Output, _auth_v1_PasskeyOptionsResponse__Output>
  PasskeyRegistrationOptions: MethodDefinition<_auth_v1_PasskeyUserRequest, _auth_v1_PasskeyOptionsResponse, _auth_v1_PasskeyUserRequest__Output, _auth_v1_PasskeyOptionsResponse__Output>
  RefreshToken: MethodDefinition<_auth_v1_RefreshTokenRequest, _auth_v1_RefreshTokenResponse, _auth_v1_RefreshTokenRequest__Output, _auth_v1_RefreshTokenResponse__Output>
  RegisterPasskey: MethodDefinition<_auth_v1_RegisterPasskeyRequest, _auth_v1_PasskeyInfo, _auth_v1_RegisterPasskeyRequest__Output, _auth_v1_PasskeyInfo__Output>
  RemovePasskey: MethodDefinition<_auth_v1_RemovePasskeyRequest, _auth_v1_RemovePasskeyResponse, _auth_v1_RemovePasskeyRequest__Output, _auth_v1_RemovePasskeyResponse__Output>
  WatchEndedSessions: MethodDefinition<_auth_v1_WatchEndedSessionsRequest, _auth_v1_EndedSession, _auth_v1_WatchEndedSessionsRequest__Output, _auth_v1_EndedSession__Output>
}
