/** Domain errors of the payment service; the gRPC handlers translate each kind to one status. */
export type PaymentErrorKind = 'invalid' | 'not_found' | 'conflict' | 'unavailable';

export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    /** Stable UPPER_SNAKE code, sent in the `x-error-code` trailer. */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentError';
  }
}

export const invalid = (code: string, message: string) => new PaymentError('invalid', code, message);
export const cardNotFound = () => new PaymentError('not_found', 'CARD_NOT_FOUND', 'card not found');
