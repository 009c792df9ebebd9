export { DECLINE_TEXT, decideSale, TEST_NONCES } from './sandbox';
export {
  type DevProcessor,
  type DevProcessorOptions,
  type Fault,
  type RecordedRequest,
  startDevProcessor,
} from './server';
export type { GatewayTransaction } from './wire';
