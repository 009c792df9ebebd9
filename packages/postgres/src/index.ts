export {
  configurationProblem,
  DatabaseSettingError,
  describeDatabaseError,
  isCertificateError,
  isDatabaseUnavailable,
  oncePerReason,
} from './errors';
export { createPool, inTransaction, type PoolSettings } from './pool';
