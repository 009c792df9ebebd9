// Original file: protos/payment/v1/payment.proto


export interface VerifyProcessorChallengeResponse {
  'response'?: (string);
}

export interface VerifyProcessorChallengeResponse__Output {
  'response': (string);
}
