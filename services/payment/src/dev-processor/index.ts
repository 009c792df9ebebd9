export { InProcessDevProcessor } from './in-process';
export { DECLINE_TEXT, decideSale, TEST_NONCES } from './sandbox';
export {
  type DevProcessor,
  type DevProcessorOptions,
  type DevSale,
  type Fault,
  type RecordedRequest,
  startDevProcessor,
} from './server';
export type { GatewayTransaction } from './wire';
