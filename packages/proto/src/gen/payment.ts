import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActOnDisputeRequest as _payment_v1_ActOnDisputeRequest, ActOnDisputeRequest__Output as _payment_v1_ActOnDisputeRequest__Output } from './payment/v1/ActOnDisputeRequest';
import type { ActOnDisputeResponse as _payment_v1_ActOnDisputeResponse, ActOnDisputeResponse__Output as _payment_v1_ActOnDisputeResponse__Output } from './payment/v1/ActOnDisputeResponse';
import type { AdminCard as _payment_v1_AdminCard, AdminCard__Output as _payment_v1_AdminCard__Output } from './payment/v1/AdminCard';
import type { AdminGetCardRequest as _payment_v1_AdminGetCardRequest, AdminGetCardRequest__Output as _payment_v1_AdminGetCardRequest__Output } from './payment/v1/AdminGetCardRequest';
import type { AdminGetCardResponse as _payment_v1_AdminGetCardResponse, AdminGetCardResponse__Output as _payment_v1_AdminGetCardResponse__Output } from './payment/v1/AdminGetCardResponse';
import type { AdminListCardsRequest as _payment_v1_AdminListCardsRequest, AdminListCardsRequest__Output as _payment_v1_AdminListCardsRequest__Output } from './payment/v1/AdminListCardsRequest';
import type { AdminListCardsResponse as _payment_v1_AdminListCardsResponse, AdminListCardsResponse__Output as _payment_v1_AdminListCardsResponse__Output } from './payment/v1/AdminListCardsResponse';
import type { AdminReverseLoadRequest as _payment_v1_AdminReverseLoadRequest, AdminReverseLoadRequest__Output as _payment_v1_AdminReverseLoadRequest__Output } from './payment/v1/AdminReverseLoadRequest';
import type { Card as _payment_v1_Card, Card__Output as _payment_v1_Card__Output } from './payment/v1/Card';
import type { CardLimit as _payment_v1_CardLimit, CardLimit__Output as _payment_v1_CardLimit__Output } from './payment/v1/CardLimit';
import type { CloseOwnerRequest as _payment_v1_CloseOwnerRequest, CloseOwnerRequest__Output as _payment_v1_CloseOwnerRequest__Output } from './payment/v1/CloseOwnerRequest';
import type { CloseOwnerResponse as _payment_v1_CloseOwnerResponse, CloseOwnerResponse__Output as _payment_v1_CloseOwnerResponse__Output } from './payment/v1/CloseOwnerResponse';
import type { CreateCardRequest as _payment_v1_CreateCardRequest, CreateCardRequest__Output as _payment_v1_CreateCardRequest__Output } from './payment/v1/CreateCardRequest';
import type { CreateCardResponse as _payment_v1_CreateCardResponse, CreateCardResponse__Output as _payment_v1_CreateCardResponse__Output } from './payment/v1/CreateCardResponse';
import type { CreateClientTokenRequest as _payment_v1_CreateClientTokenRequest, CreateClientTokenRequest__Output as _payment_v1_CreateClientTokenRequest__Output } from './payment/v1/CreateClientTokenRequest';
import type { CreateClientTokenResponse as _payment_v1_CreateClientTokenResponse, CreateClientTokenResponse__Output as _payment_v1_CreateClientTokenResponse__Output } from './payment/v1/CreateClientTokenResponse';
import type { DeleteLimitPolicyRequest as _payment_v1_DeleteLimitPolicyRequest, DeleteLimitPolicyRequest__Output as _payment_v1_DeleteLimitPolicyRequest__Output } from './payment/v1/DeleteLimitPolicyRequest';
import type { DeleteLimitPolicyResponse as _payment_v1_DeleteLimitPolicyResponse, DeleteLimitPolicyResponse__Output as _payment_v1_DeleteLimitPolicyResponse__Output } from './payment/v1/DeleteLimitPolicyResponse';
import type { DeleteVelocityRuleRequest as _payment_v1_DeleteVelocityRuleRequest, DeleteVelocityRuleRequest__Output as _payment_v1_DeleteVelocityRuleRequest__Output } from './payment/v1/DeleteVelocityRuleRequest';
import type { DeleteVelocityRuleResponse as _payment_v1_DeleteVelocityRuleResponse, DeleteVelocityRuleResponse__Output as _payment_v1_DeleteVelocityRuleResponse__Output } from './payment/v1/DeleteVelocityRuleResponse';
import type { Dispute as _payment_v1_Dispute, Dispute__Output as _payment_v1_Dispute__Output } from './payment/v1/Dispute';
import type { GetCardLimitsRequest as _payment_v1_GetCardLimitsRequest, GetCardLimitsRequest__Output as _payment_v1_GetCardLimitsRequest__Output } from './payment/v1/GetCardLimitsRequest';
import type { GetCardLimitsResponse as _payment_v1_GetCardLimitsResponse, GetCardLimitsResponse__Output as _payment_v1_GetCardLimitsResponse__Output } from './payment/v1/GetCardLimitsResponse';
import type { GetCardRequest as _payment_v1_GetCardRequest, GetCardRequest__Output as _payment_v1_GetCardRequest__Output } from './payment/v1/GetCardRequest';
import type { GetCardResponse as _payment_v1_GetCardResponse, GetCardResponse__Output as _payment_v1_GetCardResponse__Output } from './payment/v1/GetCardResponse';
import type { GetLimitTierRequest as _payment_v1_GetLimitTierRequest, GetLimitTierRequest__Output as _payment_v1_GetLimitTierRequest__Output } from './payment/v1/GetLimitTierRequest';
import type { GetSettlementReconciliationRequest as _payment_v1_GetSettlementReconciliationRequest, GetSettlementReconciliationRequest__Output as _payment_v1_GetSettlementReconciliationRequest__Output } from './payment/v1/GetSettlementReconciliationRequest';
import type { GetStatementRequest as _payment_v1_GetStatementRequest, GetStatementRequest__Output as _payment_v1_GetStatementRequest__Output } from './payment/v1/GetStatementRequest';
import type { GetStatementResponse as _payment_v1_GetStatementResponse, GetStatementResponse__Output as _payment_v1_GetStatementResponse__Output } from './payment/v1/GetStatementResponse';
import type { GetVelocityRuleRequest as _payment_v1_GetVelocityRuleRequest, GetVelocityRuleRequest__Output as _payment_v1_GetVelocityRuleRequest__Output } from './payment/v1/GetVelocityRuleRequest';
import type { HandleProcessorNotificationRequest as _payment_v1_HandleProcessorNotificationRequest, HandleProcessorNotificationRequest__Output as _payment_v1_HandleProcessorNotificationRequest__Output } from './payment/v1/HandleProcessorNotificationRequest';
import type { HandleProcessorNotificationResponse as _payment_v1_HandleProcessorNotificationResponse, HandleProcessorNotificationResponse__Output as _payment_v1_HandleProcessorNotificationResponse__Output } from './payment/v1/HandleProcessorNotificationResponse';
import type { LimitPolicy as _payment_v1_LimitPolicy, LimitPolicy__Output as _payment_v1_LimitPolicy__Output } from './payment/v1/LimitPolicy';
import type { LimitTier as _payment_v1_LimitTier, LimitTier__Output as _payment_v1_LimitTier__Output } from './payment/v1/LimitTier';
import type { ListCardsRequest as _payment_v1_ListCardsRequest, ListCardsRequest__Output as _payment_v1_ListCardsRequest__Output } from './payment/v1/ListCardsRequest';
import type { ListCardsResponse as _payment_v1_ListCardsResponse, ListCardsResponse__Output as _payment_v1_ListCardsResponse__Output } from './payment/v1/ListCardsResponse';
import type { ListDisputesRequest as _payment_v1_ListDisputesRequest, ListDisputesRequest__Output as _payment_v1_ListDisputesRequest__Output } from './payment/v1/ListDisputesRequest';
import type { ListDisputesResponse as _payment_v1_ListDisputesResponse, ListDisputesResponse__Output as _payment_v1_ListDisputesResponse__Output } from './payment/v1/ListDisputesResponse';
import type { ListLimitPoliciesRequest as _payment_v1_ListLimitPoliciesRequest, ListLimitPoliciesRequest__Output as _payment_v1_ListLimitPoliciesRequest__Output } from './payment/v1/ListLimitPoliciesRequest';
import type { ListLimitPoliciesResponse as _payment_v1_ListLimitPoliciesResponse, ListLimitPoliciesResponse__Output as _payment_v1_ListLimitPoliciesResponse__Output } from './payment/v1/ListLimitPoliciesResponse';
import type { ListLoadsRequest as _payment_v1_ListLoadsRequest, ListLoadsRequest__Output as _payment_v1_ListLoadsRequest__Output } from './payment/v1/ListLoadsRequest';
import type { ListLoadsResponse as _payment_v1_ListLoadsResponse, ListLoadsResponse__Output as _payment_v1_ListLoadsResponse__Output } from './payment/v1/ListLoadsResponse';
import type { ListUnmatchedDisputesRequest as _payment_v1_ListUnmatchedDisputesRequest, ListUnmatchedDisputesRequest__Output as _payment_v1_ListUnmatchedDisputesRequest__Output } from './payment/v1/ListUnmatchedDisputesRequest';
import type { ListUnmatchedDisputesResponse as _payment_v1_ListUnmatchedDisputesResponse, ListUnmatchedDisputesResponse__Output as _payment_v1_ListUnmatchedDisputesResponse__Output } from './payment/v1/ListUnmatchedDisputesResponse';
import type { ListVelocityReviewsRequest as _payment_v1_ListVelocityReviewsRequest, ListVelocityReviewsRequest__Output as _payment_v1_ListVelocityReviewsRequest__Output } from './payment/v1/ListVelocityReviewsRequest';
import type { ListVelocityReviewsResponse as _payment_v1_ListVelocityReviewsResponse, ListVelocityReviewsResponse__Output as _payment_v1_ListVelocityReviewsResponse__Output } from './payment/v1/ListVelocityReviewsResponse';
import type { ListVelocityRulesRequest as _payment_v1_ListVelocityRulesRequest, ListVelocityRulesRequest__Output as _payment_v1_ListVelocityRulesRequest__Output } from './payment/v1/ListVelocityRulesRequest';
import type { ListVelocityRulesResponse as _payment_v1_ListVelocityRulesResponse, ListVelocityRulesResponse__Output as _payment_v1_ListVelocityRulesResponse__Output } from './payment/v1/ListVelocityRulesResponse';
import type { Load as _payment_v1_Load, Load__Output as _payment_v1_Load__Output } from './payment/v1/Load';
import type { LoadCardRequest as _payment_v1_LoadCardRequest, LoadCardRequest__Output as _payment_v1_LoadCardRequest__Output } from './payment/v1/LoadCardRequest';
import type { LoadCardResponse as _payment_v1_LoadCardResponse, LoadCardResponse__Output as _payment_v1_LoadCardResponse__Output } from './payment/v1/LoadCardResponse';
import type { LoadError as _payment_v1_LoadError, LoadError__Output as _payment_v1_LoadError__Output } from './payment/v1/LoadError';
import type { OutcomeHours as _payment_v1_OutcomeHours, OutcomeHours__Output as _payment_v1_OutcomeHours__Output } from './payment/v1/OutcomeHours';
import type { PaymentAdminServiceClient as _payment_v1_PaymentAdminServiceClient, PaymentAdminServiceDefinition as _payment_v1_PaymentAdminServiceDefinition } from './payment/v1/PaymentAdminService';
import type { PaymentOverviewRequest as _payment_v1_PaymentOverviewRequest, PaymentOverviewRequest__Output as _payment_v1_PaymentOverviewRequest__Output } from './payment/v1/PaymentOverviewRequest';
import type { PaymentOverviewResponse as _payment_v1_PaymentOverviewResponse, PaymentOverviewResponse__Output as _payment_v1_PaymentOverviewResponse__Output } from './payment/v1/PaymentOverviewResponse';
import type { PaymentServiceClient as _payment_v1_PaymentServiceClient, PaymentServiceDefinition as _payment_v1_PaymentServiceDefinition } from './payment/v1/PaymentService';
import type { PutLimitPolicyRequest as _payment_v1_PutLimitPolicyRequest, PutLimitPolicyRequest__Output as _payment_v1_PutLimitPolicyRequest__Output } from './payment/v1/PutLimitPolicyRequest';
import type { PutVelocityRuleRequest as _payment_v1_PutVelocityRuleRequest, PutVelocityRuleRequest__Output as _payment_v1_PutVelocityRuleRequest__Output } from './payment/v1/PutVelocityRuleRequest';
import type { ResolveVelocityReviewRequest as _payment_v1_ResolveVelocityReviewRequest, ResolveVelocityReviewRequest__Output as _payment_v1_ResolveVelocityReviewRequest__Output } from './payment/v1/ResolveVelocityReviewRequest';
import type { Reversal as _payment_v1_Reversal, Reversal__Output as _payment_v1_Reversal__Output } from './payment/v1/Reversal';
import type { ReverseLoadRequest as _payment_v1_ReverseLoadRequest, ReverseLoadRequest__Output as _payment_v1_ReverseLoadRequest__Output } from './payment/v1/ReverseLoadRequest';
import type { ReverseLoadResponse as _payment_v1_ReverseLoadResponse, ReverseLoadResponse__Output as _payment_v1_ReverseLoadResponse__Output } from './payment/v1/ReverseLoadResponse';
import type { RunSettlementReconciliationRequest as _payment_v1_RunSettlementReconciliationRequest, RunSettlementReconciliationRequest__Output as _payment_v1_RunSettlementReconciliationRequest__Output } from './payment/v1/RunSettlementReconciliationRequest';
import type { SetLimitTierRequest as _payment_v1_SetLimitTierRequest, SetLimitTierRequest__Output as _payment_v1_SetLimitTierRequest__Output } from './payment/v1/SetLimitTierRequest';
import type { SettlementDiscrepancy as _payment_v1_SettlementDiscrepancy, SettlementDiscrepancy__Output as _payment_v1_SettlementDiscrepancy__Output } from './payment/v1/SettlementDiscrepancy';
import type { SettlementReconciliation as _payment_v1_SettlementReconciliation, SettlementReconciliation__Output as _payment_v1_SettlementReconciliation__Output } from './payment/v1/SettlementReconciliation';
import type { SettlementSum as _payment_v1_SettlementSum, SettlementSum__Output as _payment_v1_SettlementSum__Output } from './payment/v1/SettlementSum';
import type { SettlementTotal as _payment_v1_SettlementTotal, SettlementTotal__Output as _payment_v1_SettlementTotal__Output } from './payment/v1/SettlementTotal';
import type { StatementLine as _payment_v1_StatementLine, StatementLine__Output as _payment_v1_StatementLine__Output } from './payment/v1/StatementLine';
import type { VelocityReview as _payment_v1_VelocityReview, VelocityReview__Output as _payment_v1_VelocityReview__Output } from './payment/v1/VelocityReview';
import type { VelocityRule as _payment_v1_VelocityRule, VelocityRule__Output as _payment_v1_VelocityRule__Output } from './payment/v1/VelocityRule';
import type { VerifyProcessorChallengeRequest as _payment_v1_VerifyProcessorChallengeRequest, VerifyProcessorChallengeRequest__Output as _payment_v1_VerifyProcessorChallengeRequest__Output } from './payment/v1/VerifyProcessorChallengeRequest';
import type { VerifyProcessorChallengeResponse as _payment_v1_VerifyProcessorChallengeResponse, VerifyProcessorChallengeResponse__Output as _payment_v1_VerifyProcessorChallengeResponse__Output } from './payment/v1/VerifyProcessorChallengeResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  payment: {
    v1: {
      ActOnDisputeRequest: MessageTypeDefinition<_payment_v1_ActOnDisputeRequest, _payment_v1_ActOnDisputeRequest__Output>
      ActOnDisputeResponse: MessageTypeDefinition<_payment_v1_ActOnDisputeResponse, _payment_v1_ActOnDisputeResponse__Output>
      AdminCard: MessageTypeDefinition<_payment_v1_AdminCard, _payment_v1_AdminCard__Output>
      AdminGetCardRequest: MessageTypeDefinition<_payment_v1_AdminGetCardRequest, _payment_v1_AdminGetCardRequest__Output>
      AdminGetCardResponse: MessageTypeDefinition<_payment_v1_AdminGetCardResponse, _payment_v1_AdminGetCardResponse__Output>
      AdminListCardsRequest: MessageTypeDefinition<_payment_v1_AdminListCardsRequest, _payment_v1_AdminListCardsRequest__Output>
      AdminListCardsResponse: MessageTypeDefinition<_payment_v1_AdminListCardsResponse, _payment_v1_AdminListCardsResponse__Output>
      AdminReverseLoadRequest: MessageTypeDefinition<_payment_v1_AdminReverseLoadRequest, _payment_v1_AdminReverseLoadRequest__Output>
      Card: MessageTypeDefinition<_payment_v1_Card, _payment_v1_Card__Output>
      CardLimit: MessageTypeDefinition<_payment_v1_CardLimit, _payment_v1_CardLimit__Output>
      CloseOwnerRequest: MessageTypeDefinition<_payment_v1_CloseOwnerRequest, _payment_v1_CloseOwnerRequest__Output>
      CloseOwnerResponse: MessageTypeDefinition<_payment_v1_CloseOwnerResponse, _payment_v1_CloseOwnerResponse__Output>
      CreateCardRequest: MessageTypeDefinition<_payment_v1_CreateCardRequest, _payment_v1_CreateCardRequest__Output>
      CreateCardResponse: MessageTypeDefinition<_payment_v1_CreateCardResponse, _payment_v1_CreateCardResponse__Output>
      CreateClientTokenRequest: MessageTypeDefinition<_payment_v1_CreateClientTokenRequest, _payment_v1_CreateClientTokenRequest__Output>
      CreateClientTokenResponse: MessageTypeDefinition<_payment_v1_CreateClientTokenResponse, _payment_v1_CreateClientTokenResponse__Output>
      DeleteLimitPolicyRequest: MessageTypeDefinition<_payment_v1_DeleteLimitPolicyRequest, _payment_v1_DeleteLimitPolicyRequest__Output>
      DeleteLimitPolicyResponse: MessageTypeDefinition<_payment_v1_DeleteLimitPolicyResponse, _payment_v1_DeleteLimitPolicyResponse__Output>
      DeleteVelocityRuleRequest: MessageTypeDefinition<_payment_v1_DeleteVelocityRuleRequest, _payment_v1_DeleteVelocityRuleRequest__Output>
      DeleteVelocityRuleResponse: MessageTypeDefinition<_payment_v1_DeleteVelocityRuleResponse, _payment_v1_DeleteVelocityRuleResponse__Output>
      Dispute: MessageTypeDefinition<_payment_v1_Dispute, _payment_v1_Dispute__Output>
      GetCardLimitsRequest: MessageTypeDefinition<_payment_v1_GetCardLimitsRequest, _payment_v1_GetCardLimitsRequest__Output>
      GetCardLimitsResponse: MessageTypeDefinition<_payment_v1_GetCardLimitsResponse, _payment_v1_GetCardLimitsResponse__Output>
      GetCardRequest: MessageTypeDefinition<_payment_v1_GetCardRequest, _payment_v1_GetCardRequest__Output>
      GetCardResponse: MessageTypeDefinition<_payment_v1_GetCardResponse, _payment_v1_GetCardResponse__Output>
      GetLimitTierRequest: MessageTypeDefinition<_payment_v1_GetLimitTierRequest, _payment_v1_GetLimitTierRequest__Output>
      GetSettlementReconciliationRequest: MessageTypeDefinition<_payment_v1_GetSettlementReconciliationRequest, _payment_v1_GetSettlementReconciliationRequest__Output>
      GetStatementRequest: MessageTypeDefinition<_payment_v1_GetStatementRequest, _payment_v1_GetStatementRequest__Output>
      GetStatementResponse: MessageTypeDefinition<_payment_v1_GetStatementResponse, _payment_v1_GetStatementResponse__Output>
      GetVelocityRuleRequest: MessageTypeDefinition<_payment_v1_GetVelocityRuleRequest, _payment_v1_GetVelocityRuleRequest__Output>
      HandleProcessorNotificationRequest: MessageTypeDefinition<_payment_v1_HandleProcessorNotificationRequest, _payment_v1_HandleProcessorNotificationRequest__Output>
      HandleProcessorNotificationResponse: MessageTypeDefinition<_payment_v1_HandleProcessorNotificationResponse, _payment_v1_HandleProcessorNotificationResponse__Output>
      LimitPolicy: MessageTypeDefinition<_payment_v1_LimitPolicy, _payment_v1_LimitPolicy__Output>
      LimitTier: MessageTypeDefinition<_payment_v1_LimitTier, _payment_v1_LimitTier__Output>
      ListCardsRequest: MessageTypeDefinition<_payment_v1_ListCardsRequest, _payment_v1_ListCardsRequest__Output>
      ListCardsResponse: MessageTypeDefinition<_payment_v1_ListCardsResponse, _payment_v1_ListCardsResponse__Output>
      ListDisputesRequest: MessageTypeDefinition<_payment_v1_ListDisputesRequest, _payment_v1_ListDisputesRequest__Output>
      ListDisputesResponse: MessageTypeDefinition<_payment_v1_ListDisputesResponse, _payment_v1_ListDisputesResponse__Output>
      ListLimitPoliciesRequest: MessageTypeDefinition<_payment_v1_ListLimitPoliciesRequest, _payment_v1_ListLimitPoliciesRequest__Output>
      ListLimitPoliciesResponse: MessageTypeDefinition<_payment_v1_ListLimitPoliciesResponse, _payment_v1_ListLimitPoliciesResponse__Output>
      ListLoadsRequest: MessageTypeDefinition<_payment_v1_ListLoadsRequest, _payment_v1_ListLoadsRequest__Output>
      ListLoadsResponse: MessageTypeDefinition<_payment_v1_ListLoadsResponse, _payment_v1_ListLoadsResponse__Output>
      ListUnmatchedDisputesRequest: MessageTypeDefinition<_payment_v1_ListUnmatchedDisputesRequest, _payment_v1_ListUnmatchedDisputesRequest__Output>
      ListUnmatchedDisputesResponse: MessageTypeDefinition<_payment_v1_ListUnmatchedDisputesResponse, _payment_v1_ListUnmatchedDisputesResponse__Output>
      ListVelocityReviewsRequest: MessageTypeDefinition<_payment_v1_ListVelocityReviewsRequest, _payment_v1_ListVelocityReviewsRequest__Output>
      ListVelocityReviewsResponse: MessageTypeDefinition<_payment_v1_ListVelocityReviewsResponse, _payment_v1_ListVelocityReviewsResponse__Output>
      ListVelocityRulesRequest: MessageTypeDefinition<_payment_v1_ListVelocityRulesRequest, _payment_v1_ListVelocityRulesRequest__Output>
      ListVelocityRulesResponse: MessageTypeDefinition<_payment_v1_ListVelocityRulesResponse, _payment_v1_ListVelocityRulesResponse__Output>
      Load: MessageTypeDefinition<_payment_v1_Load, _payment_v1_Load__Output>
      LoadCardRequest: MessageTypeDefinition<_payment_v1_LoadCardRequest, _payment_v1_LoadCardRequest__Output>
      LoadCardResponse: MessageTypeDefinition<_payment_v1_LoadCardResponse, _payment_v1_LoadCardResponse__Output>
      LoadError: MessageTypeDefinition<_payment_v1_LoadError, _payment_v1_LoadError__Output>
      LoadStatus: EnumTypeDefinition
      OutcomeHours: MessageTypeDefinition<_payment_v1_OutcomeHours, _payment_v1_OutcomeHours__Output>
      PaymentAdminService: SubtypeConstructor<typeof grpc.Client, _payment_v1_PaymentAdminServiceClient> & { service: _payment_v1_PaymentAdminServiceDefinition }
      PaymentOverviewRequest: MessageTypeDefinition<_payment_v1_PaymentOverviewRequest, _payment_v1_PaymentOverviewRequest__Output>
      PaymentOverviewResponse: MessageTypeDefinition<_payment_v1_PaymentOverviewResponse, _payment_v1_PaymentOverviewResponse__Output>
      PaymentService: SubtypeConstructor<typeof grpc.Client, _payment_v1_PaymentServiceClient> & { service: _payment_v1_PaymentServiceDefinition }
      PutLimitPolicyRequest: MessageTypeDefinition<_payment_v1_PutLimitPolicyRequest, _payment_v1_PutLimitPolicyRequest__Output>
      PutVelocityRuleRequest: MessageTypeDefinition<_payment_v1_PutVelocityRuleRequest, _payment_v1_PutVelocityRuleRequest__Output>
      ResolveVelocityReviewRequest: MessageTypeDefinition<_payment_v1_ResolveVelocityReviewRequest, _payment_v1_ResolveVelocityReviewRequest__Output>
      Reversal: MessageTypeDefinition<_payment_v1_Reversal, _payment_v1_Reversal__Output>
      ReversalMethod: EnumTypeDefinition
      ReversalStatus: EnumTypeDefinition
      ReverseLoadRequest: MessageTypeDefinition<_payment_v1_ReverseLoadRequest, _payment_v1_ReverseLoadRequest__Output>
      ReverseLoadResponse: MessageTypeDefinition<_payment_v1_ReverseLoadResponse, _payment_v1_ReverseLoadResponse__Output>
      RunSettlementReconciliationRequest: MessageTypeDefinition<_payment_v1_RunSettlementReconciliationRequest, _payment_v1_RunSettlementReconciliationRequest__Output>
      SetLimitTierRequest: MessageTypeDefinition<_payment_v1_SetLimitTierRequest, _payment_v1_SetLimitTierRequest__Output>
      SettlementDiscrepancy: MessageTypeDefinition<_payment_v1_SettlementDiscrepancy, _payment_v1_SettlementDiscrepancy__Output>
      SettlementReconciliation: MessageTypeDefinition<_payment_v1_SettlementReconciliation, _payment_v1_SettlementReconciliation__Output>
      SettlementSum: MessageTypeDefinition<_payment_v1_SettlementSum, _payment_v1_SettlementSum__Output>
      SettlementTotal: MessageTypeDefinition<_payment_v1_SettlementTotal, _payment_v1_SettlementTotal__Output>
      StatementLine: MessageTypeDefinition<_payment_v1_StatementLine, _payment_v1_StatementLine__Output>
      VelocityReview: MessageTypeDefinition<_payment_v1_VelocityReview, _payment_v1_VelocityReview__Output>
      VelocityRule: MessageTypeDefinition<_payment_v1_VelocityRule, _payment_v1_VelocityRule__Output>
      VerifyProcessorChallengeRequest: MessageTypeDefinition<_payment_v1_VerifyProcessorChallengeRequest, _payment_v1_VerifyProcessorChallengeRequest__Output>
      VerifyProcessorChallengeResponse: MessageTypeDefinition<_payment_v1_VerifyProcessorChallengeResponse, _payment_v1_VerifyProcessorChallengeResponse__Output>
    }
  }
}

