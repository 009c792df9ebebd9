// Original file: protos/payment/v1/payment.proto


export interface SetLimitTierRequest {
  'admin'?: (string);
  'ownerId'?: (string);
  'tier'?: (string);
}

export interface SetLimitTierRequest__Output {
  'admin': (string);
  'ownerId': (string);
  'tier': (string);
}
