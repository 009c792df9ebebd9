// Original file: protos/payment/v1/payment.proto


export interface RunSettlementReconciliationRequest {
  'date'?: (string);
}

export interface RunSettlementReconciliationRequest__Output {
  'date': (string);
}
