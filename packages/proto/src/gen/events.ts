import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AdminActor as _auth_v1_AdminActor, AdminActor__Output as _auth_v1_AdminActor__Output } from './auth/v1/AdminActor';
import type { AdminIdentity as _auth_v1_AdminIdentity, AdminIdentity__Output as _auth_v1_AdminIdentity__Output } from './auth/v1/AdminIdentity';
import type { AdminOverviewRequest as _auth_v1_AdminOverviewRequest, AdminOverviewRequest__Output as _auth_v1_AdminOverviewRequest__Output } from './auth/v1/AdminOverviewRequest';
import type { AdminOverviewResponse as _auth_v1_AdminOverviewResponse, AdminOverviewResponse__Output as _auth_v1_AdminOverviewResponse__Output } from './auth/v1/AdminOverviewResponse';
import type { AdminServiceClient as _auth_v1_AdminServiceClient, AdminServiceDefinition as _auth_v1_AdminServiceDefinition } from './auth/v1/AdminService';
import type { AdminUnlinkIdentityRequest as _auth_v1_AdminUnlinkIdentityRequest, AdminUnlinkIdentityRequest__Output as _auth_v1_AdminUnlinkIdentityRequest__Output } from './auth/v1/AdminUnlinkIdentityRequest';
import type { AdminUnlinkIdentityResponse as _auth_v1_AdminUnlinkIdentityResponse, AdminUnlinkIdentityResponse__Output as _auth_v1_AdminUnlinkIdentityResponse__Output } from './auth/v1/AdminUnlinkIdentityResponse';
import type { AuthServiceClient as _auth_v1_AuthServiceClient, AuthServiceDefinition as _auth_v1_AuthServiceDefinition } from './auth/v1/AuthService';
import type { BeginLoginRequest as _auth_v1_BeginLoginRequest, BeginLoginRequest__Output as _auth_v1_BeginLoginRequest__Output } from './auth/v1/BeginLoginRequest';
import type { BeginLoginResponse as _auth_v1_BeginLoginResponse, BeginLoginResponse__Output as _auth_v1_BeginLoginResponse__Output } from './auth/v1/BeginLoginResponse';
import type { BlockUserRequest as _auth_v1_BlockUserRequest, BlockUserRequest__Output as _auth_v1_BlockUserRequest__Output } from './auth/v1/BlockUserRequest';
import type { BlockUserResponse as _auth_v1_BlockUserResponse, BlockUserResponse__Output as _auth_v1_BlockUserResponse__Output } from './auth/v1/BlockUserResponse';
import type { ClientInfo as _auth_v1_ClientInfo, ClientInfo__Output as _auth_v1_ClientInfo__Output } from './auth/v1/ClientInfo';
import type { CompleteLoginRequest as _auth_v1_CompleteLoginRequest, CompleteLoginRequest__Output as _auth_v1_CompleteLoginRequest__Output } from './auth/v1/CompleteLoginRequest';
import type { CompleteLoginResponse as _auth_v1_CompleteLoginResponse, CompleteLoginResponse__Output as _auth_v1_CompleteLoginResponse__Output } from './auth/v1/CompleteLoginResponse';
import type { CreateWebhookRequest as _auth_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _auth_v1_CreateWebhookRequest__Output } from './auth/v1/CreateWebhookRequest';
import type { CreateWebhookResponse as _auth_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _auth_v1_CreateWebhookResponse__Output } from './auth/v1/CreateWebhookResponse';
import type { DeleteUserRequest as _auth_v1_DeleteUserRequest, DeleteUserRequest__Output as _auth_v1_DeleteUserRequest__Output } from './auth/v1/DeleteUserRequest';
import type { DeleteUserResponse as _auth_v1_DeleteUserResponse, DeleteUserResponse__Output as _auth_v1_DeleteUserResponse__Output } from './auth/v1/DeleteUserResponse';
import type { DeleteWebhookResponse as _auth_v1_DeleteWebhookResponse, DeleteWebhookResponse__Output as _auth_v1_DeleteWebhookResponse__Output } from './auth/v1/DeleteWebhookResponse';
import type { Delivery as _auth_v1_Delivery, Delivery__Output as _auth_v1_Delivery__Output } from './auth/v1/Delivery';
import type { DeliveryAttempt as _auth_v1_DeliveryAttempt, DeliveryAttempt__Output as _auth_v1_DeliveryAttempt__Output } from './auth/v1/DeliveryAttempt';
import type { DisableWebhookRequest as _auth_v1_DisableWebhookRequest, DisableWebhookRequest__Output as _auth_v1_DisableWebhookRequest__Output } from './auth/v1/DisableWebhookRequest';
import type { EndUserSessionsRequest as _auth_v1_EndUserSessionsRequest, EndUserSessionsRequest__Output as _auth_v1_EndUserSessionsRequest__Output } from './auth/v1/EndUserSessionsRequest';
import type { EndUserSessionsResponse as _auth_v1_EndUserSessionsResponse, EndUserSessionsResponse__Output as _auth_v1_EndUserSessionsResponse__Output } from './auth/v1/EndUserSessionsResponse';
import type { EndedSession as _auth_v1_EndedSession, EndedSession__Output as _auth_v1_EndedSession__Output } from './auth/v1/EndedSession';
import type { Event as _auth_v1_Event, Event__Output as _auth_v1_Event__Output } from './auth/v1/Event';
import type { EventsServiceClient as _auth_v1_EventsServiceClient, EventsServiceDefinition as _auth_v1_EventsServiceDefinition } from './auth/v1/EventsService';
import type { ExportUserRequest as _auth_v1_ExportUserRequest, ExportUserRequest__Output as _auth_v1_ExportUserRequest__Output } from './auth/v1/ExportUserRequest';
import type { ExportUserResponse as _auth_v1_ExportUserResponse, ExportUserResponse__Output as _auth_v1_ExportUserResponse__Output } from './auth/v1/ExportUserResponse';
import type { GetJwksRequest as _auth_v1_GetJwksRequest, GetJwksRequest__Output as _auth_v1_GetJwksRequest__Output } from './auth/v1/GetJwksRequest';
import type { GetJwksResponse as _auth_v1_GetJwksResponse, GetJwksResponse__Output as _auth_v1_GetJwksResponse__Output } from './auth/v1/GetJwksResponse';
import type { GetUserRequest as _auth_v1_GetUserRequest, GetUserRequest__Output as _auth_v1_GetUserRequest__Output } from './auth/v1/GetUserRequest';
import type { GetUserResponse as _auth_v1_GetUserResponse, GetUserResponse__Output as _auth_v1_GetUserResponse__Output } from './auth/v1/GetUserResponse';
import type { ImportLine as _auth_v1_ImportLine, ImportLine__Output as _auth_v1_ImportLine__Output } from './auth/v1/ImportLine';
import type { ImportRefusal as _auth_v1_ImportRefusal, ImportRefusal__Output as _auth_v1_ImportRefusal__Output } from './auth/v1/ImportRefusal';
import type { ImportUsersRequest as _auth_v1_ImportUsersRequest, ImportUsersRequest__Output as _auth_v1_ImportUsersRequest__Output } from './auth/v1/ImportUsersRequest';
import type { ImportUsersResponse as _auth_v1_ImportUsersResponse, ImportUsersResponse__Output as _auth_v1_ImportUsersResponse__Output } from './auth/v1/ImportUsersResponse';
import type { IssueSessionRequest as _auth_v1_IssueSessionRequest, IssueSessionRequest__Output as _auth_v1_IssueSessionRequest__Output } from './auth/v1/IssueSessionRequest';
import type { IssueSessionResponse as _auth_v1_IssueSessionResponse, IssueSessionResponse__Output as _auth_v1_IssueSessionResponse__Output } from './auth/v1/IssueSessionResponse';
import type { IssuedToken as _auth_v1_IssuedToken, IssuedToken__Output as _auth_v1_IssuedToken__Output } from './auth/v1/IssuedToken';
import type { LinkedIdentity as _auth_v1_LinkedIdentity, LinkedIdentity__Output as _auth_v1_LinkedIdentity__Output } from './auth/v1/LinkedIdentity';
import type { ListDeliveriesRequest as _auth_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _auth_v1_ListDeliveriesRequest__Output } from './auth/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _auth_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _auth_v1_ListDeliveriesResponse__Output } from './auth/v1/ListDeliveriesResponse';
import type { ListPasskeysResponse as _auth_v1_ListPasskeysResponse, ListPasskeysResponse__Output as _auth_v1_ListPasskeysResponse__Output } from './auth/v1/ListPasskeysResponse';
import type { ListProvidersRequest as _auth_v1_ListProvidersRequest, ListProvidersRequest__Output as _auth_v1_ListProvidersRequest__Output } from './auth/v1/ListProvidersRequest';
import type { ListProvidersResponse as _auth_v1_ListProvidersResponse, ListProvidersResponse__Output as _auth_v1_ListProvidersResponse__Output } from './auth/v1/ListProvidersResponse';
import type { ListUserEventsRequest as _auth_v1_ListUserEventsRequest, ListUserEventsRequest__Output as _auth_v1_ListUserEventsRequest__Output } from './auth/v1/ListUserEventsRequest';
import type { ListUsersRequest as _auth_v1_ListUsersRequest, ListUsersRequest__Output as _auth_v1_ListUsersRequest__Output } from './auth/v1/ListUsersRequest';
import type { ListUsersResponse as _auth_v1_ListUsersResponse, ListUsersResponse__Output as _auth_v1_ListUsersResponse__Output } from './auth/v1/ListUsersResponse';
import type { ListWebhooksRequest as _auth_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _auth_v1_ListWebhooksRequest__Output } from './auth/v1/ListWebhooksRequest';
import type { ListWebhooksResponse as _auth_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _auth_v1_ListWebhooksResponse__Output } from './auth/v1/ListWebhooksResponse';
import type { LiveSession as _auth_v1_LiveSession, LiveSession__Output as _auth_v1_LiveSession__Output } from './auth/v1/LiveSession';
import type { LogoutRequest as _auth_v1_LogoutRequest, LogoutRequest__Output as _auth_v1_LogoutRequest__Output } from './auth/v1/LogoutRequest';
import type { LogoutResponse as _auth_v1_LogoutResponse, LogoutResponse__Output as _auth_v1_LogoutResponse__Output } from './auth/v1/LogoutResponse';
import type { Param as _auth_v1_Param, Param__Output as _auth_v1_Param__Output } from './auth/v1/Param';
import type { PasskeyInfo as _auth_v1_PasskeyInfo, PasskeyInfo__Output as _auth_v1_PasskeyInfo__Output } from './auth/v1/PasskeyInfo';
import type { PasskeyLoginOptionsRequest as _auth_v1_PasskeyLoginOptionsRequest, PasskeyLoginOptionsRequest__Output as _auth_v1_PasskeyLoginOptionsRequest__Output } from './auth/v1/PasskeyLoginOptionsRequest';
import type { PasskeyLoginRequest as _auth_v1_PasskeyLoginRequest, PasskeyLoginRequest__Output as _auth_v1_PasskeyLoginRequest__Output } from './auth/v1/PasskeyLoginRequest';
import type { PasskeyLoginResponse as _auth_v1_PasskeyLoginResponse, PasskeyLoginResponse__Output as _auth_v1_PasskeyLoginResponse__Output } from './auth/v1/PasskeyLoginResponse';
import type { PasskeyOptionsResponse as _auth_v1_PasskeyOptionsResponse, PasskeyOptionsResponse__Output as _auth_v1_PasskeyOptionsResponse__Output } from './auth/v1/PasskeyOptionsResponse';
import type { PasskeyUser as _auth_v1_PasskeyUser, PasskeyUser__Output as _auth_v1_PasskeyUser__Output } from './auth/v1/PasskeyUser';
import type { PasskeyUserRequest as _auth_v1_PasskeyUserRequest, PasskeyUserRequest__Output as _auth_v1_PasskeyUserRequest__Output } from './auth/v1/PasskeyUserRequest';
import type { ProviderHours as _auth_v1_ProviderHours, ProviderHours__Output as _auth_v1_ProviderHours__Output } from './auth/v1/ProviderHours';
import type { QueryEventsRequest as _auth_v1_QueryEventsRequest, QueryEventsRequest__Output as _auth_v1_QueryEventsRequest__Output } from './auth/v1/QueryEventsRequest';
import type { QueryEventsResponse as _auth_v1_QueryEventsResponse, QueryEventsResponse__Output as _auth_v1_QueryEventsResponse__Output } from './auth/v1/QueryEventsResponse';
import type { RefreshTokenRequest as _auth_v1_RefreshTokenRequest, RefreshTokenRequest__Output as _auth_v1_RefreshTokenRequest__Output } from './auth/v1/RefreshTokenRequest';
import type { RefreshTokenResponse as _auth_v1_RefreshTokenResponse, RefreshTokenResponse__Output as _auth_v1_RefreshTokenResponse__Output } from './auth/v1/RefreshTokenResponse';
import type { RegisterPasskeyRequest as _auth_v1_RegisterPasskeyRequest, RegisterPasskeyRequest__Output as _auth_v1_RegisterPasskeyRequest__Output } from './auth/v1/RegisterPasskeyRequest';
import type { RemovePasskeyRequest as _auth_v1_RemovePasskeyRequest, RemovePasskeyRequest__Output as _auth_v1_RemovePasskeyRequest__Output } from './auth/v1/RemovePasskeyRequest';
import type { RemovePasskeyResponse as _auth_v1_RemovePasskeyResponse, RemovePasskeyResponse__Output as _auth_v1_RemovePasskeyResponse__Output } from './auth/v1/RemovePasskeyResponse';
import type { RetryDeliveryRequest as _auth_v1_RetryDeliveryRequest, RetryDeliveryRequest__Output as _auth_v1_RetryDeliveryRequest__Output } from './auth/v1/RetryDeliveryRequest';
import type { RetryDeliveryResponse as _auth_v1_RetryDeliveryResponse, RetryDeliveryResponse__Output as _auth_v1_RetryDeliveryResponse__Output } from './auth/v1/RetryDeliveryResponse';
import type { RotateWebhookSecretResponse as _auth_v1_RotateWebhookSecretResponse, RotateWebhookSecretResponse__Output as _auth_v1_RotateWebhookSecretResponse__Output } from './auth/v1/RotateWebhookSecretResponse';
import type { UnblockUserRequest as _auth_v1_UnblockUserRequest, UnblockUserRequest__Output as _auth_v1_UnblockUserRequest__Output } from './auth/v1/UnblockUserRequest';
import type { UnblockUserResponse as _auth_v1_UnblockUserResponse, UnblockUserResponse__Output as _auth_v1_UnblockUserResponse__Output } from './auth/v1/UnblockUserResponse';
import type { UpdateWebhookRequest as _auth_v1_UpdateWebhookRequest, UpdateWebhookRequest__Output as _auth_v1_UpdateWebhookRequest__Output } from './auth/v1/UpdateWebhookRequest';
import type { UserSummary as _auth_v1_UserSummary, UserSummary__Output as _auth_v1_UserSummary__Output } from './auth/v1/UserSummary';
import type { WatchEndedSessionsRequest as _auth_v1_WatchEndedSessionsRequest, WatchEndedSessionsRequest__Output as _auth_v1_WatchEndedSessionsRequest__Output } from './auth/v1/WatchEndedSessionsRequest';
import type { WebhookInfo as _auth_v1_WebhookInfo, WebhookInfo__Output as _auth_v1_WebhookInfo__Output } from './auth/v1/WebhookInfo';
import type { WebhookRef as _auth_v1_WebhookRef, WebhookRef__Output as _auth_v1_WebhookRef__Output } from './auth/v1/WebhookRef';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  auth: {
    v1: {
      AdminActor: MessageTypeDefinition<_auth_v1_AdminActor, _auth_v1_AdminActor__Output>
      AdminIdentity: MessageTypeDefinition<_auth_v1_AdminIdentity, _auth_v1_AdminIdentity__Output>
      AdminOverviewRequest: MessageTypeDefinition<_auth_v1_AdminOverviewRequest, _auth_v1_AdminOverviewRequest__Output>
      AdminOverviewResponse: MessageTypeDefinition<_auth_v1_AdminOverviewResponse, _auth_v1_AdminOverviewResponse__Output>
      AdminService: SubtypeConstructor<typeof grpc.Client, _auth_v1_AdminServiceClient> & { service: _auth_v1_AdminServiceDefinition }
      AdminUnlinkIdentityRequest: MessageTypeDefinition<_auth_v1_AdminUnlinkIdentityRequest, _auth_v1_AdminUnlinkIdentityRequest__Output>
      AdminUnlinkIdentityResponse: MessageTypeDefinition<_auth_v1_AdminUnlinkIdentityResponse, _auth_v1_AdminUnlinkIdentityResponse__Output>
      AuthService: SubtypeConstructor<typeof grpc.Client, _auth_v1_AuthServiceClient> & { service: _auth_v1_AuthServiceDefinition }
      BeginLoginRequest: MessageTypeDefinition<_auth_v1_BeginLoginRequest, _auth_v1_BeginLoginRequest__Output>
      BeginLoginResponse: MessageTypeDefinition<_auth_v1_BeginLoginResponse, _auth_v1_BeginLoginResponse__Output>
      BlockUserRequest: MessageTypeDefinition<_auth_v1_BlockUserRequest, _auth_v1_BlockUserRequest__Output>
      BlockUserResponse: MessageTypeDefinition<_auth_v1_BlockUserResponse, _auth_v1_BlockUserResponse__Output>
      ClientInfo: MessageTypeDefinition<_auth_v1_ClientInfo, _auth_v1_ClientInfo__Output>
      CompleteLoginRequest: MessageTypeDefinition<_auth_v1_CompleteLoginRequest, _auth_v1_CompleteLoginRequest__Output>
      CompleteLoginResponse: MessageTypeDefinition<_auth_v1_CompleteLoginResponse, _auth_v1_CompleteLoginResponse__Output>
      CreateWebhookRequest: MessageTypeDefinition<_auth_v1_CreateWebhookRequest, _auth_v1_CreateWebhookRequest__Output>
      CreateWebhookResponse: MessageTypeDefinition<_auth_v1_CreateWebhookResponse, _auth_v1_CreateWebhookResponse__Output>
      DeleteUserRequest: MessageTypeDefinition<_auth_v1_DeleteUserRequest, _auth_v1_DeleteUserRequest__Output>
      DeleteUserResponse: MessageTypeDefinition<_auth_v1_DeleteUserResponse, _auth_v1_DeleteUserResponse__Output>
      DeleteWebhookResponse: MessageTypeDefinition<_auth_v1_DeleteWebhookResponse, _auth_v1_DeleteWebhookResponse__Output>
      Delivery: MessageTypeDefinition<_auth_v1_Delivery, _auth_v1_Delivery__Output>
      DeliveryAttempt: MessageTypeDefinition<_auth_v1_DeliveryAttempt, _auth_v1_DeliveryAttempt__Output>
      DisableWebhookRequest: MessageTypeDefinition<_auth_v1_DisableWebhookRequest, _auth_v1_DisableWebhookRequest__Output>
      EndUserSessionsRequest: MessageTypeDefinition<_auth_v1_EndUserSessionsRequest, _auth_v1_EndUserSessionsRequest__Output>
      EndUserSessionsResponse: MessageTypeDefinition<_auth_v1_EndUserSessionsResponse, _auth_v1_EndUserSessionsResponse__Output>
      EndedSession: MessageTypeDefinition<_auth_v1_EndedSession, _auth_v1_EndedSession__Output>
      Event: MessageTypeDefinition<_auth_v1_Event, _auth_v1_Event__Output>
      EventsService: SubtypeConstructor<typeof grpc.Client, _auth_v1_EventsServiceClient> & { service: _auth_v1_EventsServiceDefinition }
      ExportUserRequest: MessageTypeDefinition<_auth_v1_ExportUserRequest, _auth_v1_ExportUserRequest__Output>
      ExportUserResponse: MessageTypeDefinition<_auth_v1_ExportUserResponse, _auth_v1_ExportUserResponse__Output>
      GetJwksRequest: MessageTypeDefinition<_auth_v1_GetJwksRequest, _auth_v1_GetJwksRequest__Output>
      GetJwksResponse: MessageTypeDefinition<_auth_v1_GetJwksResponse, _auth_v1_GetJwksResponse__Output>
      GetUserRequest: MessageTypeDefinition<_auth_v1_GetUserRequest, _auth_v1_GetUserRequest__Output>
      GetUserResponse: MessageTypeDefinition<_auth_v1_GetUserResponse, _auth_v1_GetUserResponse__Output>
      ImportLine: MessageTypeDefinition<_auth_v1_ImportLine, _auth_v1_ImportLine__Output>
      ImportRefusal: MessageTypeDefinition<_auth_v1_ImportRefusal, _auth_v1_ImportRefusal__Output>
      ImportUsersRequest: MessageTypeDefinition<_auth_v1_ImportUsersRequest, _auth_v1_ImportUsersRequest__Output>
      ImportUsersResponse: MessageTypeDefinition<_auth_v1_ImportUsersResponse, _auth_v1_ImportUsersResponse__Output>
      IssueSessionRequest: MessageTypeDefinition<_auth_v1_IssueSessionRequest, _auth_v1_IssueSessionRequest__Output>
      IssueSessionResponse: MessageTypeDefinition<_auth_v1_IssueSessionResponse, _auth_v1_IssueSessionResponse__Output>
      IssuedToken: MessageTypeDefinition<_auth_v1_IssuedToken, _auth_v1_IssuedToken__Output>
      LinkedIdentity: MessageTypeDefinition<_auth_v1_LinkedIdentity, _auth_v1_LinkedIdentity__Output>
      ListDeliveriesRequest: MessageTypeDefinition<_auth_v1_ListDeliveriesRequest, _auth_v1_ListDeliveriesRequest__Output>
      ListDeliveriesResponse: MessageTypeDefinition<_auth_v1_ListDeliveriesResponse, _auth_v1_ListDeliveriesResponse__Output>
      ListPasskeysResponse: MessageTypeDefinition<_auth_v1_ListPasskeysResponse, _auth_v1_ListPasskeysResponse__Output>
      ListProvidersRequest: MessageTypeDefinition<_auth_v1_ListProvidersRequest, _auth_v1_ListProvidersRequest__Output>
      ListProvidersResponse: MessageTypeDefinition<_auth_v1_ListProvidersResponse, _auth_v1_ListProvidersResponse__Output>
      ListUserEventsRequest: MessageTypeDefinition<_auth_v1_ListUserEventsRequest, _auth_v1_ListUserEventsRequest__Output>
      ListUsersRequest: MessageTypeDefinition<_auth_v1_ListUsersRequest, _auth_v1_ListUsersRequest__Output>
      ListUsersResponse: MessageTypeDefinition<_auth_v1_ListUsersResponse, _auth_v1_ListUsersResponse__Output>
      ListWebhooksRequest: MessageTypeDefinition<_auth_v1_ListWebhooksRequest, _auth_v1_ListWebhooksRequest__Output>
      ListWebhooksResponse: MessageTypeDefinition<_auth_v1_ListWebhooksResponse, _auth_v1_ListWebhooksResponse__Output>
      LiveSession: MessageTypeDefinition<_auth_v1_LiveSession, _auth_v1_LiveSession__Output>
      LogoutRequest: MessageTypeDefinition<_auth_v1_LogoutRequest, _auth_v1_LogoutRequest__Output>
      LogoutResponse: MessageTypeDefinition<_auth_v1_LogoutResponse, _auth_v1_LogoutResponse__Output>
      Param: MessageTypeDefinition<_auth_v1_Param, _auth_v1_Param__Output>
      PasskeyInfo: MessageTypeDefinition<_auth_v1_PasskeyInfo, _auth_v1_PasskeyInfo__Output>
      PasskeyLoginOptionsRequest: MessageTypeDefinition<_auth_v1_PasskeyLoginOptionsRequest, _auth_v1_PasskeyLoginOptionsRequest__Output>
      PasskeyLoginRequest: MessageTypeDefinition<_auth_v1_PasskeyLoginRequest, _auth_v1_PasskeyLoginRequest__Output>
      PasskeyLoginResponse: MessageTypeDefinition<_auth_v1_PasskeyLoginResponse, _auth_v1_PasskeyLoginResponse__Output>
      PasskeyOptionsResponse: MessageTypeDefinition<_auth_v1_PasskeyOptionsResponse, _auth_v1_PasskeyOptionsResponse__Output>
      PasskeyUser: MessageTypeDefinition<_auth_v1_PasskeyUser, _auth_v1_PasskeyUser__Output>
      PasskeyUserRequest: MessageTypeDefinition<_auth_v1_PasskeyUserRequest, _auth_v1_PasskeyUserRequest__Output>
      ProviderHours: MessageTypeDefinition<_auth_v1_ProviderHours, _auth_v1_ProviderHours__Output>
      QueryEventsRequest: MessageTypeDefinition<_auth_v1_QueryEventsRequest, _auth_v1_QueryEventsRequest__Output>
      QueryEventsResponse: MessageTypeDefinition<_auth_v1_QueryEventsResponse, _auth_v1_QueryEventsResponse__Output>
      RefreshTokenRequest: MessageTypeDefinition<_auth_v1_RefreshTokenRequest, _auth_v1_RefreshTokenRequest__Output>
      RefreshTokenResponse: MessageTypeDefinition<_auth_v1_RefreshTokenResponse, _auth_v1_RefreshTokenResponse__Output>
      RegisterPasskeyRequest: MessageTypeDefinition<_auth_v1_RegisterPasskeyRequest, _auth_v1_RegisterPasskeyRequest__Output>
      RemovePasskeyRequest: MessageTypeDefinition<_auth_v1_RemovePasskeyRequest, _auth_v1_RemovePasskeyRequest__Output>
      RemovePasskeyResponse: MessageTypeDefinition<_auth_v1_RemovePasskeyResponse, _auth_v1_RemovePasskeyResponse__Output>
      RetryDeliveryRequest: MessageTypeDefinition<_auth_v1_RetryDeliveryRequest, _auth_v1_RetryDeliveryRequest__Output>
      RetryDeliveryResponse: MessageTypeDefinition<_auth_v1_RetryDeliveryResponse, _auth_v1_RetryDeliveryResponse__Output>
      RotateWebhookSecretResponse: MessageTypeDefinition<_auth_v1_RotateWebhookSecretResponse, _auth_v1_RotateWebhookSecretResponse__Output>
      UnblockUserRequest: MessageTypeDefinition<_auth_v1_UnblockUserRequest, _auth_v1_UnblockUserRequest__Output>
      UnblockUserResponse: MessageTypeDefinition<_auth_v1_UnblockUserResponse, _auth_v1_UnblockUserResponse__Output>
      UpdateWebhookRequest: MessageTypeDefinition<_auth_v1_UpdateWebhookRequest, _auth_v1_UpdateWebhookRequest__Output>
      UserSummary: MessageTypeDefinition<_auth_v1_UserSummary, _auth_v1_UserSummary__Output>
      WatchEndedSessionsRequest: MessageTypeDefinition<_auth_v1_WatchEndedSessionsRequest, _auth_v1_WatchEndedSessionsRequest__Output>
      WebhookInfo: MessageTypeDefinition<_auth_v1_WebhookInfo, _auth_v1_WebhookInfo__Output>
      WebhookRef: MessageTypeDefinition<_auth_v1_WebhookRef, _auth_v1_WebhookRef__Output>
    }
  }
}

