// Original file: protos/payment/v1/payment.proto


export interface GetSettlementReconciliationRequest {
  'date'?: (string);
}

export interface GetSettlementReconciliationRequest__Output {
  'date': (string);
}
