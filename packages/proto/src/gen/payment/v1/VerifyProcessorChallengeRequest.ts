// Original file: protos/payment/v1/payment.proto


export interface VerifyProcessorChallengeRequest {
  'btChallenge'?: (string);
}

export interface VerifyProcessorChallengeRequest__Output {
  'btChallenge': (string);
}
