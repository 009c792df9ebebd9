// Original file: protos/payment/v1/payment.proto

export const ReversalMethod = {
  REVERSAL_METHOD_UNSPECIFIED: 'REVERSAL_METHOD_UNSPECIFIED',
  REVERSAL_METHOD_VOID: 'REVERSAL_METHOD_VOID',
  REVERSAL_METHOD_REFUND: 'REVERSAL_METHOD_REFUND',
} as const;

export type ReversalMethod =
  | 'REVERSAL_METHOD_UNSPECIFIED'
  | 0
  | 'REVERSAL_METHOD_VOID'
  | 1
  | 'REVERSAL_METHOD_REFUND'
  | 2

export type ReversalMethod__Output = typeof ReversalMethod[keyof typeof ReversalMethod]
