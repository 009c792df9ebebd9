// Original file: protos/payment/v1/payment.proto


export interface LimitTier {
  'ownerId'?: (string);
  'tier'?: (string);
  'updatedAt'?: (string);
}

export interface LimitTier__Output {
  'ownerId': (string);
  'tier': (string);
  'updatedAt': (string);
}
