// Original file: protos/payment/v1/payment.proto


export interface GetLimitTierRequest {
  'ownerId'?: (string);
}

export interface GetLimitTierRequest__Output {
  'ownerId': (string);
}
