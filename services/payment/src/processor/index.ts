// The payment processor as the domain sees it (processor.ts), through the braintree SDK (braintree.ts);
// dev/ is the development processor, a loopback Braintree gateway that moves no money.
export { BraintreeProcessor, type BraintreeSettings, PROCESSOR_TEXTS } from './braintree';
export * from './processor';
