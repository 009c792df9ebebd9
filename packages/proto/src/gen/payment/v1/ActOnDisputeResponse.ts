// Original file: protos/payment/v1/payment.proto


export interface ActOnDisputeResponse {
  'evidenceId'?: (string);
  'status'?: (string);
}

export interface ActOnDisputeResponse__Output {
  'evidenceId': (string);
  'status': (string);
}
