export { InProcessDevProcessor } from './in-process';
export { DECLINE_TEXT, decideSale, TEST_NONCES } from './sandbox';
export { type DevProcessor, type DevProcessorOptions, startDevProcessor } from './server';
export type { DevSale, Fault, RecordedRequest } from './transactions';
export type { GatewayTransaction } from './wire';
