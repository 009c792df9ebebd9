export {
  configurationProblem,
  DatabaseSettingError,
  describeDatabaseError,
  isCertificateError,
  isDatabaseUnavailable,
  oncePerReason,
} from './errors';
export { createPool, inTransaction, type PoolSettings, type TransactionOptions } from './pool';
