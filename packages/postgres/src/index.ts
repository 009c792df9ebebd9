export {
  answeredByServer,
  configurationProblem,
  DatabaseSettingError,
  describeDatabaseError,
  isCertificateError,
  isDatabaseUnavailable,
  oncePerReason,
} from './errors';
export { createPool, type PoolSettings } from './pool';
export { inTransaction, type Transaction, type TransactionOptions } from './transaction';
