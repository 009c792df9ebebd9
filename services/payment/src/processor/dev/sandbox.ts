// The Braintree sandbox's test values (its published testing reference; the SDK ships the nonce
// names as `braintree.Test.Nonces`): which nonces pay, which are refused, and which amounts decline.
import type { CardDetails, ValidationError } from './wire';

/** The nonces the development processor knows, and the card each stands for. */
export const TEST_NONCES = {
  valid: 'fake-valid-nonce',
  visa: 'fake-valid-visa-nonce',
  mastercard: 'fake-valid-mastercard-nonce',
  amex: 'fake-valid-amex-nonce',
  discover: 'fake-valid-discover-nonce',
  processorDeclinedVisa: 'fake-processor-declined-visa-nonce',
  processorDeclinedMastercard: 'fake-processor-declined-mastercard-nonce',
  luhnInvalid: 'fake-luhn-invalid-nonce',
  consumed: 'fake-consumed-nonce',
} as const;

const VISA: CardDetails = { cardType: 'Visa', bin: '411111', last4: '1111' };
const MASTERCARD: CardDetails = { cardType: 'MasterCard', bin: '555555', last4: '4444' };

const CARDS: Record<string, CardDetails> = {
  [TEST_NONCES.valid]: { cardType: 'Visa', bin: '401288', last4: '1881' },
  [TEST_NONCES.visa]: VISA,
  [TEST_NONCES.mastercard]: MASTERCARD,
  [TEST_NONCES.amex]: { cardType: 'American Express', bin: '378282', last4: '0005' },
  [TEST_NONCES.discover]: { cardType: 'Discover', bin: '601111', last4: '1117' },
  [TEST_NONCES.processorDeclinedVisa]: { cardType: 'Visa', bin: '400011', last4: '1115' },
  [TEST_NONCES.processorDeclinedMastercard]: { cardType: 'MasterCard', bin: '510510', last4: '5100' },
};

/** Authorization response texts of the sandbox's decline amounts; others are "Processor Declined". */
export const DECLINE_TEXT: Record<string, string> = {
  '2000': 'Do Not Honor',
  '2001': 'Insufficient Funds',
  '2002': 'Limit Exceeded',
  '2003': "Cardholder's Activity Limit Exceeded",
  '2004': 'Expired Card',
  '2005': 'Invalid Credit Card Number',
  '2006': 'Invalid Expiration Date',
  '2007': 'No Account',
  '2008': 'Card Account Length Error',
  '2009': 'No Such Issuer',
  '2010': 'Card Issuer Declined CVV',
  '2011': 'Voice Authorization Required',
  '2012': 'Processor Declined - Possible Lost Card',
  '2013': 'Processor Declined - Possible Stolen Card',
  '2014': 'Processor Declined - Fraud Suspected',
  '2015': 'Transaction Not Allowed',
  '2016': 'Duplicate Transaction',
  '2038': 'Processor Declined',
  '2046': 'Declined',
  '3000': 'Processor Network Unavailable - Try Again',
};

/** What the gateway does with a sale: refuse it before it exists, or record it with an outcome. */
export type SaleDecision =
  | { kind: 'invalid'; errors: ValidationError[] }
  | {
      kind: 'decided';
      status: string;
      responseCode: string | null;
      responseText: string | null;
      rejection: string | null;
      card: CardDetails | null;
    };

/** Sale statuses that moved (or will move) money. */
export const APPROVED = new Set([
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settled',
  'settlement_pending',
  'settlement_confirmed',
]);

const invalid = (error: ValidationError): SaleDecision => ({ kind: 'invalid', errors: [error] });

/**
 * Decides a sale of `amount` (two decimals) with `nonce`, as the sandbox does: the nonce first
 * (consumed, Luhn-invalid and unknown nonces are validation errors), then the amount: 2000.00–2999.99
 * declines with the whole part as the processor response code, 3000.00–3000.99 fails with 3000,
 * 5001.00 is gateway-rejected (application incomplete), everything else is approved. The
 * processor-declined nonces decline (2000) at any amount: the sandbox declines them when the card is
 * verified, and here a decline is one nonce away.
 */
export function decideSale(nonce: string, amount: string): SaleDecision {
  if (nonce === TEST_NONCES.consumed) {
    return invalid({
      scope: 'transaction',
      attribute: 'payment_method_nonce',
      code: '91564',
      message: 'Cannot use a payment_method_nonce more than once.',
    });
  }
  if (nonce === TEST_NONCES.luhnInvalid) {
    return invalid({
      scope: 'transaction.credit_card',
      attribute: 'number',
      code: '81715',
      message: 'Credit card number is invalid.',
    });
  }
  const card = CARDS[nonce];
  if (!card) {
    return invalid({
      scope: 'transaction',
      attribute: 'payment_method_nonce',
      code: '91565',
      message: 'Unknown payment_method_nonce.',
    });
  }
  const declined = (code: string, status = 'processor_declined'): SaleDecision => ({
    kind: 'decided',
    status,
    responseCode: code,
    responseText: DECLINE_TEXT[code] ?? 'Processor Declined',
    rejection: null,
    card,
  });
  if (nonce.startsWith('fake-processor-declined-')) return declined('2000');
  const whole = Math.trunc(Number(amount));
  if (whole >= 2000 && whole <= 2999) return declined(String(whole));
  if (whole === 3000) return declined('3000', 'failed');
  if (amount === '5001.00') {
    return {
      kind: 'decided',
      status: 'gateway_rejected',
      responseCode: null,
      responseText: null,
      rejection: 'application_incomplete',
      card,
    };
  }
  return {
    kind: 'decided',
    status: 'submitted_for_settlement',
    responseCode: '1000',
    responseText: 'Approved',
    rejection: null,
    card,
  };
}
