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
export {
  EVENTS_SCHEMA,
  ensureWorkloadRoles,
  type RolesReport,
  scramVerifier,
  WORKLOAD_SCHEMAS,
  type WorkloadRole,
  workloadRoleProblems,
  workloadRolesFrom,
} from './roles';
export { isStorableText } from './text';
export { inTransaction, type Transaction, type TransactionOptions } from './transaction';
