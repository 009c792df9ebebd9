export { DISPUTE_KINDS, NOTIFICATION_KINDS, signNotification } from './disputes';
export { InProcessDevProcessor } from './in-process';
export { DECLINE_TEXT, decideSale, TEST_NONCES } from './sandbox';
export { type DevProcessor, type DevProcessorOptions, startDevProcessor } from './server';
export type { DevSale, Fault, RecordedRequest, ReversalFault } from './transactions';
export type { GatewayDispute, GatewayTransaction } from './wire';
