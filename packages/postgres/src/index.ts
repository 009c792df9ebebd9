export { configurationProblem, describeDatabaseError, isCertificateError, isDatabaseUnavailable } from './errors';
export { createPool, inTransaction, type PoolSettings } from './pool';
