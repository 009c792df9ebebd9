// Payment's own tests take their database from the test kit: a fresh one with the audit trail.
export { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
