// Original file: protos/payment/v1/payment.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ActOnDisputeRequest as _payment_v1_ActOnDisputeRequest, ActOnDisputeRequest__Output as _payment_v1_ActOnDisputeRequest__Output } from '../../payment/v1/ActOnDisputeRequest';
import type { ActOnDisputeResponse as _payment_v1_ActOnDisputeResponse, ActOnDisputeResponse__Output as _payment_v1_ActOnDisputeResponse__Output } from '../../payment/v1/ActOnDisputeResponse';
import type { AdminReverseLoadRequest as _payment_v1_AdminReverseLoadRequest, AdminReverseLoadRequest__Output as _payment_v1_AdminReverseLoadRequest__Output } from '../../payment/v1/AdminReverseLoadRequest';
import type { CloseOwnerRequest as _payment_v1_CloseOwnerRequest, CloseOwnerRequest__Output as _payment_v1_CloseOwnerRequest__Output } from '../../payment/v1/CloseOwnerRequest';
import type { CloseOwnerResponse as _payment_v1_CloseOwnerResponse, CloseOwnerResponse__Output as _payment_v1_CloseOwnerResponse__Output } from '../../payment/v1/CloseOwnerResponse';
import type { CreateCardRequest as _payment_v1_CreateCardRequest, CreateCardRequest__Output as _payment_v1_CreateCardRequest__Output } from '../../payment/v1/CreateCardRequest';
import type { CreateCardResponse as _payment_v1_CreateCardResponse, CreateCardResponse__Output as _payment_v1_CreateCardResponse__Output } from '../../payment/v1/CreateCardResponse';
import type { CreateClientTokenRequest as _payment_v1_CreateClientTokenRequest, CreateClientTokenRequest__Output as _payment_v1_CreateClientTokenRequest__Output } from '../../payment/v1/CreateClientTokenRequest';
import type { CreateClientTokenResponse as _payment_v1_CreateClientTokenResponse, CreateClientTokenResponse__Output as _payment_v1_CreateClientTokenResponse__Output } from '../../payment/v1/CreateClientTokenResponse';
import type { DeleteLimitPolicyRequest as _payment_v1_DeleteLimitPolicyRequest, DeleteLimitPolicyRequest__Output as _payment_v1_DeleteLimitPolicyRequest__Output } from '../../payment/v1/DeleteLimitPolicyRequest';
import type { DeleteLimitPolicyResponse as _payment_v1_DeleteLimitPolicyResponse, DeleteLimitPolicyResponse__Output as _payment_v1_DeleteLimitPolicyResponse__Output } from '../../payment/v1/DeleteLimitPolicyResponse';
import type { DeleteVelocityRuleRequest as _payment_v1_DeleteVelocityRuleRequest, DeleteVelocityRuleRequest__Output as _payment_v1_DeleteVelocityRuleRequest__Output } from '../../payment/v1/DeleteVelocityRuleRequest';
import type { DeleteVelocityRuleResponse as _payment_v1_DeleteVelocityRuleResponse, DeleteVelocityRuleResponse__Output as _payment_v1_DeleteVelocityRuleResponse__Output } from '../../payment/v1/DeleteVelocityRuleResponse';
import type { GetCardLimitsRequest as _payment_v1_GetCardLimitsRequest, GetCardLimitsRequest__Output as _payment_v1_GetCardLimitsRequest__Output } from '../../payment/v1/GetCardLimitsRequest';
import type { GetCardLimitsResponse as _payment_v1_GetCardLimitsResponse, GetCardLimitsResponse__Output as _payment_v1_GetCardLimitsResponse__Output } from '../../payment/v1/GetCardLimitsResponse';
import type { GetCardRequest as _payment_v1_GetCardRequest, GetCardRequest__Output as _payment_v1_GetCardRequest__Output } from '../../payment/v1/GetCardRequest';
import type { GetCardResponse as _payment_v1_GetCardResponse, GetCardResponse__Output as _payment_v1_GetCardResponse__Output } from '../../payment/v1/GetCardResponse';
import type { GetLimitTierRequest as _payment_v1_GetLimitTierRequest, GetLimitTierRequest__Output as _payment_v1_GetLimitTierRequest__Output } from '../../payment/v1/GetLimitTierRequest';
import type { GetSettlementReconciliationRequest as _payment_v1_GetSettlementReconciliationRequest, GetSettlementReconciliationRequest__Output as _payment_v1_GetSettlementReconciliationRequest__Output } from '../../payment/v1/GetSettlementReconciliationRequest';
import type { GetStatementRequest as _payment_v1_GetStatementRequest, GetStatementRequest__Output as _payment_v1_GetStatementRequest__Output } from '../../payment/v1/GetStatementRequest';
import type { GetStatementResponse as _payment_v1_GetStatementResponse, GetStatementResponse__Output as _payment_v1_GetStatementResponse__Output } from '../../payment/v1/GetStatementResponse';
import type { GetVelocityRuleRequest as _payment_v1_GetVelocityRuleRequest, GetVelocityRuleRequest__Output as _payment_v1_GetVelocityRuleRequest__Output } from '../../payment/v1/GetVelocityRuleRequest';
import type { HandleProcessorNotificationRequest as _payment_v1_HandleProcessorNotificationRequest, HandleProcessorNotificationRequest__Output as _payment_v1_HandleProcessorNotificationRequest__Output } from '../../payment/v1/HandleProcessorNotificationRequest';
import type { HandleProcessorNotificationResponse as _payment_v1_HandleProcessorNotificationResponse, HandleProcessorNotificationResponse__Output as _payment_v1_HandleProcessorNotificationResponse__Output } from '../../payment/v1/HandleProcessorNotificationResponse';
import type { LimitPolicy as _payment_v1_LimitPolicy, LimitPolicy__Output as _payment_v1_LimitPolicy__Output } from '../../payment/v1/LimitPolicy';
import type { LimitTier as _payment_v1_LimitTier, LimitTier__Output as _payment_v1_LimitTier__Output } from '../../payment/v1/LimitTier';
import type { ListCardsRequest as _payment_v1_ListCardsRequest, ListCardsRequest__Output as _payment_v1_ListCardsRequest__Output } from '../../payment/v1/ListCardsRequest';
import type { ListCardsResponse as _payment_v1_ListCardsResponse, ListCardsResponse__Output as _payment_v1_ListCardsResponse__Output } from '../../payment/v1/ListCardsResponse';
import type { ListLimitPoliciesRequest as _payment_v1_ListLimitPoliciesRequest, ListLimitPoliciesRequest__Output as _payment_v1_ListLimitPoliciesRequest__Output } from '../../payment/v1/ListLimitPoliciesRequest';
import type { ListLimitPoliciesResponse as _payment_v1_ListLimitPoliciesResponse, ListLimitPoliciesResponse__Output as _payment_v1_ListLimitPoliciesResponse__Output } from '../../payment/v1/ListLimitPoliciesResponse';
import type { ListLoadsRequest as _payment_v1_ListLoadsRequest, ListLoadsRequest__Output as _payment_v1_ListLoadsRequest__Output } from '../../payment/v1/ListLoadsRequest';
import type { ListLoadsResponse as _payment_v1_ListLoadsResponse, ListLoadsResponse__Output as _payment_v1_ListLoadsResponse__Output } from '../../payment/v1/ListLoadsResponse';
import type { ListUnmatchedDisputesRequest as _payment_v1_ListUnmatchedDisputesRequest, ListUnmatchedDisputesRequest__Output as _payment_v1_ListUnmatchedDisputesRequest__Output } from '../../payment/v1/ListUnmatchedDisputesRequest';
import type { ListUnmatchedDisputesResponse as _payment_v1_ListUnmatchedDisputesResponse, ListUnmatchedDisputesResponse__Output as _payment_v1_ListUnmatchedDisputesResponse__Output } from '../../payment/v1/ListUnmatchedDisputesResponse';
import type { ListVelocityReviewsRequest as _payment_v1_ListVelocityReviewsRequest, ListVelocityReviewsRequest__Output as _payment_v1_ListVelocityReviewsRequest__Output } from '../../payment/v1/ListVelocityReviewsRequest';
import type { ListVelocityReviewsResponse as _payment_v1_ListVelocityReviewsResponse, ListVelocityReviewsResponse__Output as _payment_v1_ListVelocityReviewsResponse__Output } from '../../payment/v1/ListVelocityReviewsResponse';
import type { ListVelocityRulesRequest as _payment_v1_ListVelocityRulesRequest, ListVelocityRulesRequest__Output as _payment_v1_ListVelocityRulesRequest__Output } from '../../payment/v1/ListVelocityRulesRequest';
import type { ListVelocityRulesResponse as _payment_v1_ListVelocityRulesResponse, ListVelocityRulesResponse__Output as _payment_v1_ListVelocityRulesResponse__Output } from '../../payment/v1/ListVelocityRulesResponse';
import type { LoadCardRequest as _payment_v1_LoadCardRequest, LoadCardRequest__Output as _payment_v1_LoadCardRequest__Output } from '../../payment/v1/LoadCardRequest';
import type { LoadCardResponse as _payment_v1_LoadCardResponse, LoadCardResponse__Output as _payment_v1_LoadCardResponse__Output } from '../../payment/v1/LoadCardResponse';
import type { PutLimitPolicyRequest as _payment_v1_PutLimitPolicyRequest, PutLimitPolicyRequest__Output as _payment_v1_PutLimitPolicyRequest__Output } from '../../payment/v1/PutLimitPolicyRequest';
import type { PutVelocityRuleRequest as _payment_v1_PutVelocityRuleRequest, PutVelocityRuleRequest__Output as _payment_v1_PutVelocityRuleRequest__Output } from '../../payment/v1/PutVelocityRuleRequest';
import type { ResolveVelocityReviewRequest as _payment_v1_ResolveVelocityReviewRequest, ResolveVelocityReviewRequest__Output as _payment_v1_ResolveVelocityReviewRequest__Output } from '../../payment/v1/ResolveVelocityReviewRequest';
import type { ReverseLoadRequest as _payment_v1_ReverseLoadRequest, ReverseLoadRequest__Output as _payment_v1_ReverseLoadRequest__Output } from '../../payment/v1/ReverseLoadRequest';
import type { ReverseLoadResponse as _payment_v1_ReverseLoadResponse, ReverseLoadResponse__Output as _payment_v1_ReverseLoadResponse__Output } from '../../payment/v1/ReverseLoadResponse';
import type { RunSettlementReconciliationRequest as _payment_v1_RunSettlementReconciliationRequest, RunSettlementReconciliationRequest__Output as _payment_v1_RunSettlementReconciliationRequest__Output } from '../../payment/v1/RunSettlementReconciliationRequest';
import type { SetLimitTierRequest as _payment_v1_SetLimitTierRequest, SetLimitTierRequest__Output as _payment_v1_SetLimitTierRequest__Output } from '../../payment/v1/SetLimitTierRequest';
import type { SettlementReconciliation as _payment_v1_SettlementReconciliation, SettlementReconciliation__Output as _payment_v1_SettlementReconciliation__Output } from '../../payment/v1/SettlementReconciliation';
import type { VelocityReview as _payment_v1_VelocityReview, VelocityReview__Output as _payment_v1_VelocityReview__Output } from '../../payment/v1/VelocityReview';
import type { VelocityRule as _payment_v1_VelocityRule, VelocityRule__Output as _payment_v1_VelocityRule__Output } from '../../payment/v1/VelocityRule';
import type { VerifyProcessorChallengeRequest as _payment_v1_VerifyProcessorChallengeRequest, VerifyProcessorChallengeRequest__Output as _payment_v1_VerifyProcessorChallengeRequest__Output } from '../../payment/v1/VerifyProcessorChallengeRequest';
import type { VerifyProcessorChallengeResponse as _payment_v1_VerifyProcessorChallengeResponse, VerifyProcessorChallengeResponse__Output as _payment_v1_VerifyProcessorChallengeResponse__Output } from '../../payment/v1/VerifyProcessorChallengeResponse';

export interface PaymentServiceClient extends grpc.Client {
  ActOnDispute(argument: _payment_v1_ActOnDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  ActOnDispute(argument: _payment_v1_ActOnDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  ActOnDispute(argument: _payment_v1_ActOnDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  ActOnDispute(argument: _payment_v1_ActOnDisputeRequest, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  actOnDispute(argument: _payment_v1_ActOnDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  actOnDispute(argument: _payment_v1_ActOnDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  actOnDispute(argument: _payment_v1_ActOnDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  actOnDispute(argument: _payment_v1_ActOnDisputeRequest, callback: grpc.requestCallback<_payment_v1_ActOnDisputeResponse__Output>): grpc.ClientUnaryCall;
  
  AdminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  AdminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  AdminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  AdminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  adminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  adminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  adminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  adminReverseLoad(argument: _payment_v1_AdminReverseLoadRequest, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  
  CloseOwner(argument: _payment_v1_CloseOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  CloseOwner(argument: _payment_v1_CloseOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  CloseOwner(argument: _payment_v1_CloseOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  CloseOwner(argument: _payment_v1_CloseOwnerRequest, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  closeOwner(argument: _payment_v1_CloseOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  closeOwner(argument: _payment_v1_CloseOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  closeOwner(argument: _payment_v1_CloseOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  closeOwner(argument: _payment_v1_CloseOwnerRequest, callback: grpc.requestCallback<_payment_v1_CloseOwnerResponse__Output>): grpc.ClientUnaryCall;
  
  CreateCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  CreateCard(argument: _payment_v1_CreateCardRequest, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  createCard(argument: _payment_v1_CreateCardRequest, callback: grpc.requestCallback<_payment_v1_CreateCardResponse__Output>): grpc.ClientUnaryCall;
  
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  CreateClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  createClientToken(argument: _payment_v1_CreateClientTokenRequest, callback: grpc.requestCallback<_payment_v1_CreateClientTokenResponse__Output>): grpc.ClientUnaryCall;
  
  CreateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  CreateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  CreateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  CreateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  createVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  createVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  createVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  createVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  
  DeleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  DeleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  deleteLimitPolicy(argument: _payment_v1_DeleteLimitPolicyRequest, callback: grpc.requestCallback<_payment_v1_DeleteLimitPolicyResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  DeleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  DeleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  DeleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  deleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  deleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  deleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  deleteVelocityRule(argument: _payment_v1_DeleteVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_DeleteVelocityRuleResponse__Output>): grpc.ClientUnaryCall;
  
  GetCard(argument: _payment_v1_GetCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  GetCard(argument: _payment_v1_GetCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  GetCard(argument: _payment_v1_GetCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  GetCard(argument: _payment_v1_GetCardRequest, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  getCard(argument: _payment_v1_GetCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  getCard(argument: _payment_v1_GetCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  getCard(argument: _payment_v1_GetCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  getCard(argument: _payment_v1_GetCardRequest, callback: grpc.requestCallback<_payment_v1_GetCardResponse__Output>): grpc.ClientUnaryCall;
  
  GetCardLimits(argument: _payment_v1_GetCardLimitsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  GetCardLimits(argument: _payment_v1_GetCardLimitsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  GetCardLimits(argument: _payment_v1_GetCardLimitsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  GetCardLimits(argument: _payment_v1_GetCardLimitsRequest, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  getCardLimits(argument: _payment_v1_GetCardLimitsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  getCardLimits(argument: _payment_v1_GetCardLimitsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  getCardLimits(argument: _payment_v1_GetCardLimitsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  getCardLimits(argument: _payment_v1_GetCardLimitsRequest, callback: grpc.requestCallback<_payment_v1_GetCardLimitsResponse__Output>): grpc.ClientUnaryCall;
  
  GetLimitTier(argument: _payment_v1_GetLimitTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  GetLimitTier(argument: _payment_v1_GetLimitTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  GetLimitTier(argument: _payment_v1_GetLimitTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  GetLimitTier(argument: _payment_v1_GetLimitTierRequest, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  getLimitTier(argument: _payment_v1_GetLimitTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  getLimitTier(argument: _payment_v1_GetLimitTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  getLimitTier(argument: _payment_v1_GetLimitTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  getLimitTier(argument: _payment_v1_GetLimitTierRequest, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  
  GetSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  GetSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  GetSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  GetSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  getSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  getSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  getSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  getSettlementReconciliation(argument: _payment_v1_GetSettlementReconciliationRequest, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  
  GetStatement(argument: _payment_v1_GetStatementRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _payment_v1_GetStatementRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _payment_v1_GetStatementRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _payment_v1_GetStatementRequest, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _payment_v1_GetStatementRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _payment_v1_GetStatementRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _payment_v1_GetStatementRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _payment_v1_GetStatementRequest, callback: grpc.requestCallback<_payment_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  
  GetVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  GetVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  GetVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  GetVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  getVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  getVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  getVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  getVelocityRule(argument: _payment_v1_GetVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  
  HandleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleProcessorNotification(argument: _payment_v1_HandleProcessorNotificationRequest, callback: grpc.requestCallback<_payment_v1_HandleProcessorNotificationResponse__Output>): grpc.ClientUnaryCall;
  
  ListCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  ListCards(argument: _payment_v1_ListCardsRequest, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  listCards(argument: _payment_v1_ListCardsRequest, callback: grpc.requestCallback<_payment_v1_ListCardsResponse__Output>): grpc.ClientUnaryCall;
  
  ListLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  ListLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  listLimitPolicies(argument: _payment_v1_ListLimitPoliciesRequest, callback: grpc.requestCallback<_payment_v1_ListLimitPoliciesResponse__Output>): grpc.ClientUnaryCall;
  
  ListLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  ListLoads(argument: _payment_v1_ListLoadsRequest, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  listLoads(argument: _payment_v1_ListLoadsRequest, callback: grpc.requestCallback<_payment_v1_ListLoadsResponse__Output>): grpc.ClientUnaryCall;
  
  ListUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  listUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  listUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  listUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  listUnmatchedDisputes(argument: _payment_v1_ListUnmatchedDisputesRequest, callback: grpc.requestCallback<_payment_v1_ListUnmatchedDisputesResponse__Output>): grpc.ClientUnaryCall;
  
  ListVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  listVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  listVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  listVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  listVelocityReviews(argument: _payment_v1_ListVelocityReviewsRequest, callback: grpc.requestCallback<_payment_v1_ListVelocityReviewsResponse__Output>): grpc.ClientUnaryCall;
  
  ListVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  ListVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  listVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  listVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  listVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  listVelocityRules(argument: _payment_v1_ListVelocityRulesRequest, callback: grpc.requestCallback<_payment_v1_ListVelocityRulesResponse__Output>): grpc.ClientUnaryCall;
  
  LoadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  LoadCard(argument: _payment_v1_LoadCardRequest, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  loadCard(argument: _payment_v1_LoadCardRequest, callback: grpc.requestCallback<_payment_v1_LoadCardResponse__Output>): grpc.ClientUnaryCall;
  
  PutLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  PutLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  PutLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  PutLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  putLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  putLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  putLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  putLimitPolicy(argument: _payment_v1_PutLimitPolicyRequest, callback: grpc.requestCallback<_payment_v1_LimitPolicy__Output>): grpc.ClientUnaryCall;
  
  ResolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  ResolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  ResolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  ResolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  resolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  resolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  resolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  resolveVelocityReview(argument: _payment_v1_ResolveVelocityReviewRequest, callback: grpc.requestCallback<_payment_v1_VelocityReview__Output>): grpc.ClientUnaryCall;
  
  ReverseLoad(argument: _payment_v1_ReverseLoadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  ReverseLoad(argument: _payment_v1_ReverseLoadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  ReverseLoad(argument: _payment_v1_ReverseLoadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  ReverseLoad(argument: _payment_v1_ReverseLoadRequest, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  reverseLoad(argument: _payment_v1_ReverseLoadRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  reverseLoad(argument: _payment_v1_ReverseLoadRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  reverseLoad(argument: _payment_v1_ReverseLoadRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  reverseLoad(argument: _payment_v1_ReverseLoadRequest, callback: grpc.requestCallback<_payment_v1_ReverseLoadResponse__Output>): grpc.ClientUnaryCall;
  
  RunSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  RunSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  RunSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  RunSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  runSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  runSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  runSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  runSettlementReconciliation(argument: _payment_v1_RunSettlementReconciliationRequest, callback: grpc.requestCallback<_payment_v1_SettlementReconciliation__Output>): grpc.ClientUnaryCall;
  
  SetLimitTier(argument: _payment_v1_SetLimitTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  SetLimitTier(argument: _payment_v1_SetLimitTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  SetLimitTier(argument: _payment_v1_SetLimitTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  SetLimitTier(argument: _payment_v1_SetLimitTierRequest, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  setLimitTier(argument: _payment_v1_SetLimitTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  setLimitTier(argument: _payment_v1_SetLimitTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  setLimitTier(argument: _payment_v1_SetLimitTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  setLimitTier(argument: _payment_v1_SetLimitTierRequest, callback: grpc.requestCallback<_payment_v1_LimitTier__Output>): grpc.ClientUnaryCall;
  
  UpdateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  UpdateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  UpdateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  UpdateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  updateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  updateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  updateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  updateVelocityRule(argument: _payment_v1_PutVelocityRuleRequest, callback: grpc.requestCallback<_payment_v1_VelocityRule__Output>): grpc.ClientUnaryCall;
  
  VerifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  VerifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  VerifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  VerifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  verifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  verifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  verifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  verifyProcessorChallenge(argument: _payment_v1_VerifyProcessorChallengeRequest, callback: grpc.requestCallback<_payment_v1_VerifyProcessorChallengeResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PaymentServiceHandlers extends grpc.UntypedServiceImplementation {
  ActOnDispute: grpc.handleUnaryCall<_payment_v1_ActOnDisputeRequest__Output, _payment_v1_ActOnDisputeResponse>;
  
  AdminReverseLoad: grpc.handleUnaryCall<_payment_v1_AdminReverseLoadRequest__Output, _payment_v1_ReverseLoadResponse>;
  
  CloseOwner: grpc.handleUnaryCall<_payment_v1_CloseOwnerRequest__Output, _payment_v1_CloseOwnerResponse>;
  
  CreateCard: grpc.handleUnaryCall<_payment_v1_CreateCardRequest__Output, _payment_v1_CreateCardResponse>;
  
  CreateClientToken: grpc.handleUnaryCall<_payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse>;
  
  CreateVelocityRule: grpc.handleUnaryCall<_payment_v1_PutVelocityRuleRequest__Output, _payment_v1_VelocityRule>;
  
  DeleteLimitPolicy: grpc.handleUnaryCall<_payment_v1_DeleteLimitPolicyRequest__Output, _payment_v1_DeleteLimitPolicyResponse>;
  
  DeleteVelocityRule: grpc.handleUnaryCall<_payment_v1_DeleteVelocityRuleRequest__Output, _payment_v1_DeleteVelocityRuleResponse>;
  
  GetCard: grpc.handleUnaryCall<_payment_v1_GetCardRequest__Output, _payment_v1_GetCardResponse>;
  
  GetCardLimits: grpc.handleUnaryCall<_payment_v1_GetCardLimitsRequest__Output, _payment_v1_GetCardLimitsResponse>;
  
  GetLimitTier: grpc.handleUnaryCall<_payment_v1_GetLimitTierRequest__Output, _payment_v1_LimitTier>;
  
  GetSettlementReconciliation: grpc.handleUnaryCall<_payment_v1_GetSettlementReconciliationRequest__Output, _payment_v1_SettlementReconciliation>;
  
  GetStatement: grpc.handleUnaryCall<_payment_v1_GetStatementRequest__Output, _payment_v1_GetStatementResponse>;
  
  GetVelocityRule: grpc.handleUnaryCall<_payment_v1_GetVelocityRuleRequest__Output, _payment_v1_VelocityRule>;
  
  HandleProcessorNotification: grpc.handleUnaryCall<_payment_v1_HandleProcessorNotificationRequest__Output, _payment_v1_HandleProcessorNotificationResponse>;
  
  ListCards: grpc.handleUnaryCall<_payment_v1_ListCardsRequest__Output, _payment_v1_ListCardsResponse>;
  
  ListLimitPolicies: grpc.handleUnaryCall<_payment_v1_ListLimitPoliciesRequest__Output, _payment_v1_ListLimitPoliciesResponse>;
  
  ListLoads: grpc.handleUnaryCall<_payment_v1_ListLoadsRequest__Output, _payment_v1_ListLoadsResponse>;
  
  ListUnmatchedDisputes: grpc.handleUnaryCall<_payment_v1_ListUnmatchedDisputesRequest__Output, _payment_v1_ListUnmatchedDisputesResponse>;
  
  ListVelocityReviews: grpc.handleUnaryCall<_payment_v1_ListVelocityReviewsRequest__Output, _payment_v1_ListVelocityReviewsResponse>;
  
  ListVelocityRules: grpc.handleUnaryCall<_payment_v1_ListVelocityRulesRequest__Output, _payment_v1_ListVelocityRulesResponse>;
  
  LoadCard: grpc.handleUnaryCall<_payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse>;
  
  PutLimitPolicy: grpc.handleUnaryCall<_payment_v1_PutLimitPolicyRequest__Output, _payment_v1_LimitPolicy>;
  
  ResolveVelocityReview: grpc.handleUnaryCall<_payment_v1_ResolveVelocityReviewRequest__Output, _payment_v1_VelocityReview>;
  
  ReverseLoad: grpc.handleUnaryCall<_payment_v1_ReverseLoadRequest__Output, _payment_v1_ReverseLoadResponse>;
  
  RunSettlementReconciliation: grpc.handleUnaryCall<_payment_v1_RunSettlementReconciliationRequest__Output, _payment_v1_SettlementReconciliation>;
  
  SetLimitTier: grpc.handleUnaryCall<_payment_v1_SetLimitTierRequest__Output, _payment_v1_LimitTier>;
  
  UpdateVelocityRule: grpc.handleUnaryCall<_payment_v1_PutVelocityRuleRequest__Output, _payment_v1_VelocityRule>;
  
  VerifyProcessorChallenge: grpc.handleUnaryCall<_payment_v1_VerifyProcessorChallengeRequest__Output, _payment_v1_VerifyProcessorChallengeResponse>;
  
}

export interface PaymentServiceDefinition extends grpc.ServiceDefinition {
  ActOnDispute: MethodDefinition<_payment_v1_ActOnDisputeRequest, _payment_v1_ActOnDisputeResponse, _payment_v1_ActOnDisputeRequest__Output, _payment_v1_ActOnDisputeResponse__Output>
  AdminReverseLoad: MethodDefinition<_payment_v1_AdminReverseLoadRequest, _payment_v1_ReverseLoadResponse, _payment_v1_AdminReverseLoadRequest__Output, _payment_v1_ReverseLoadResponse__Output>
  CloseOwner: MethodDefinition<_payment_v1_CloseOwnerRequest, _payment_v1_CloseOwnerResponse, _payment_v1_CloseOwnerRequest__Output, _payment_v1_CloseOwnerResponse__Output>
  CreateCard: MethodDefinition<_payment_v1_CreateCardRequest, _payment_v1_CreateCardResponse, _payment_v1_CreateCardRequest__Output, _payment_v1_CreateCardResponse__Output>
  CreateClientToken: MethodDefinition<_payment_v1_CreateClientTokenRequest, _payment_v1_CreateClientTokenResponse, _payment_v1_CreateClientTokenRequest__Output, _payment_v1_CreateClientTokenResponse__Output>
  CreateVelocityRule: MethodDefinition<_payment_v1_PutVelocityRuleRequest, _payment_v1_VelocityRule, _payment_v1_PutVelocityRuleRequest__Output, _payment_v1_VelocityRule__Output>
  DeleteLimitPolicy: MethodDefinition<_payment_v1_DeleteLimitPolicyRequest, _payment_v1_DeleteLimitPolicyResponse, _payment_v1_DeleteLimitPolicyRequest__Output, _payment_v1_DeleteLimitPolicyResponse__Output>
  DeleteVelocityRule: MethodDefinition<_payment_v1_DeleteVelocityRuleRequest, _payment_v1_DeleteVelocityRuleResponse, _payment_v1_DeleteVelocityRuleRequest__Output, _payment_v1_DeleteVelocityRuleResponse__Output>
  GetCard: MethodDefinition<_payment_v1_GetCardRequest, _payment_v1_GetCardResponse, _payment_v1_GetCardRequest__Output, _payment_v1_GetCardResponse__Output>
  GetCardLimits: MethodDefinition<_payment_v1_GetCardLimitsRequest, _payment_v1_GetCardLimitsResponse, _payment_v1_GetCardLimitsRequest__Output, _payment_v1_GetCardLimitsResponse__Output>
  GetLimitTier: MethodDefinition<_payment_v1_GetLimitTierRequest, _payment_v1_LimitTier, _payment_v1_GetLimitTierRequest__Output, _payment_v1_LimitTier__Output>
  GetSettlementReconciliation: MethodDefinition<_payment_v1_GetSettlementReconciliationRequest, _payment_v1_SettlementReconciliation, _payment_v1_GetSettlementReconciliationRequest__Output, _payment_v1_SettlementReconciliation__Output>
  GetStatement: MethodDefinition<_payment_v1_GetStatementRequest, _payment_v1_GetStatementResponse, _payment_v1_GetStatementRequest__Output, _payment_v1_GetStatementResponse__Output>
  GetVelocityRule: MethodDefinition<_payment_v1_GetVelocityRuleRequest, _payment_v1_VelocityRule, _payment_v1_GetVelocityRuleRequest__Output, _payment_v1_VelocityRule__Output>
  HandleProcessorNotification: MethodDefinition<_payment_v1_HandleProcessorNotificationRequest, _payment_v1_HandleProcessorNotificationResponse, _payment_v1_HandleProcessorNotificationRequest__Output, _payment_v1_HandleProcessorNotificationResponse__Output>
  ListCards: MethodDefinition<_payment_v1_ListCardsRequest, _payment_v1_ListCardsResponse, _payment_v1_ListCardsRequest__Output, _payment_v1_ListCardsResponse__Output>
  ListLimitPolicies: MethodDefinition<_payment_v1_ListLimitPoliciesRequest, _payment_v1_ListLimitPoliciesResponse, _payment_v1_ListLimitPoliciesRequest__Output, _payment_v1_ListLimitPoliciesResponse__Output>
  ListLoads: MethodDefinition<_payment_v1_ListLoadsRequest, _payment_v1_ListLoadsResponse, _payment_v1_ListLoadsRequest__Output, _payment_v1_ListLoadsResponse__Output>
  ListUnmatchedDisputes: MethodDefinition<_payment_v1_ListUnmatchedDisputesRequest, _payment_v1_ListUnmatchedDisputesResponse, _payment_v1_ListUnmatchedDisputesRequest__Output, _payment_v1_ListUnmatchedDisputesResponse__Output>
  ListVelocityReviews: MethodDefinition<_payment_v1_ListVelocityReviewsRequest, _payment_v1_ListVelocityReviewsResponse, _payment_v1_ListVelocityReviewsRequest__Output, _payment_v1_ListVelocityReviewsResponse__Output>
  ListVelocityRules: MethodDefinition<_payment_v1_ListVelocityRulesRequest, _payment_v1_ListVelocityRulesResponse, _payment_v1_ListVelocityRulesRequest__Output, _payment_v1_ListVelocityRulesResponse__Output>
  LoadCard: MethodDefinition<_payment_v1_LoadCardRequest, _payment_v1_LoadCardResponse, _payment_v1_LoadCardRequest__Output, _payment_v1_LoadCardResponse__Output>
  PutLimitPolicy: MethodDefinition<_payment_v1_PutLimitPolicyRequest, _payment_v1_LimitPolicy, _payment_v1_PutLimitPolicyRequest__Output, _payment_v1_LimitPolicy__Output>
  ResolveVelocityReview: MethodDefinition<_payment_v1_ResolveVelocityReviewRequest, _payment_v1_VelocityReview, _payment_v1_ResolveVelocityReviewRequest__Output, _payment_v1_VelocityReview__Output>
  ReverseLoad: MethodDefinition<_payment_v1_ReverseLoadRequest, _payment_v1_ReverseLoadResponse, _payment_v1_ReverseLoadRequest__Output, _payment_v1_ReverseLoadResponse__Output>
  RunSettlementReconciliation: MethodDefinition<_payment_v1_RunSettlementReconciliationRequest, _payment_v1_SettlementReconciliation, _payment_v1_RunSettlementReconciliationRequest__Output, _payment_v1_SettlementReconciliation__Output>
  SetLimitTier: MethodDefinition<_payment_v1_SetLimitTierRequest, _payment_v1_LimitTier, _payment_v1_SetLimitTierRequest__Output, _payment_v1_LimitTier__Output>
  UpdateVelocityRule: MethodDefinition<_payment_v1_PutVelocityRuleRequest, _payment_v1_VelocityRule, _payment_v1_PutVelocityRuleRequest__Output, _payment_v1_VelocityRule__Output>
  VerifyProcessorChallenge: MethodDefinition<_payment_v1_VerifyProcessorChallengeRequest, _payment_v1_VerifyProcessorChallengeResponse, _payment_v1_VerifyProcessorChallengeRequest__Output, _payment_v1_VerifyProcessorChallengeResponse__Output>
}
