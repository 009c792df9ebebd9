// The payment processor as the domain sees it (processor.ts), through the braintree SDK (braintree.ts,
// braintree-money-back.ts, on braintree-sdk.ts); dev/ is the development processor, a loopback
// Braintree gateway that moves no money.
export { BraintreeProcessor, type BraintreeSettings, PROCESSOR_TEXTS } from './braintree';
export { BraintreeEvidence } from './braintree-evidence';
export { MAX_NOTIFICATION_FIELD } from './braintree-money-back';
export { BraintreeSettlement } from './braintree-settlement';
export * from './evidence';
export * from './processor';
export * from './settlement';
