import { isCertificateError } from '@gatehouse/config';
/**
 * Errors that mean Postgres could not be reached, gave up on us or cannot take writes now (connection
 * refused or lost, pool or statement timeout, shutdown, a primary demoted to read-only by a failover),
 * as opposed to a bug in a query: the work did not happen, callers may retry, and the connection
 * that saw it is discarded.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; severity?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE'].includes(code) ||
    code.startsWith('08') || // connection exceptions
    code === '25006' || // read-only transaction: a demoted primary, or a replica behind the URL
    (code === '55000' && e.severity === 'FATAL') || // at login: the database is not accepting connections
    code === '57P01' || // admin shutdown
    code === '57P02' || // crash shutdown
    code === '57P03' || // cannot connect now
    code === '57014' || // statement timeout
    message.includes('timeout exceeded when trying to connect') ||
    message.includes('Connection terminated') ||
    message.includes('Query read timeout')
  );
}

/**
 * Whether the server itself answered the statement with this error (an ErrorResponse: a SQLSTATE and a
 * severity, such as 25006 read-only or 57P01 admin shutdown), as opposed to the connection failing
 * under it (lost, reset, a timeout on our side) with no answer at all. A COMMIT the server answered
 * with an error did not commit; a COMMIT sent on a connection that failed before its answer may have.
 */
export function answeredByServer(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e?.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

export { isCertificateError };

/**
 * The reason a connection can never succeed as configured (a certificate that does not verify, a
 * missing CA file, a refused password, a database that does not exist), in words fit for one log
 * line: no stack, no URL, so no password. Undefined for errors that may pass (an outage).
 */
export function configurationProblem(err: unknown): string | undefined {
  const e = err as { code?: unknown; message?: unknown; path?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (isCertificateError(err)) return `the server's TLS certificate does not verify (${code}: ${message})`;
  if (message.includes('does not support SSL')) return 'the server does not offer TLS, which sslmode requires';
  if (code === 'ENOENT' || code === 'EACCES') {
    return `cannot read a TLS file it names (sslrootcert, sslcert, sslkey): ${code} ${typeof e.path === 'string' ? e.path : ''}`.trim();
  }
  if (code === '28P01' || code === '28000') return `the server refused the login (${code}: ${message})`;
  if (code === '3D000') return `the database does not exist (${message})`;
  return undefined;
}

/** One line for any connection error: the setting, then the reason, never the URL. */
export function describeDatabaseError(err: unknown, setting = 'DATABASE_URL'): string {
  const problem = configurationProblem(err);
  if (problem) return `${setting}: ${problem}`;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${setting}: cannot use the database (${code}${typeof e?.message === 'string' ? e.message : String(err)})`;
}

/** A start-up failure worth one line (the setting and the reason): main prints its message, not a stack. */
export class DatabaseSettingError extends Error {
  constructor(err: unknown, setting = 'DATABASE_URL') {
    super(describeDatabaseError(err, setting), { cause: err });
    this.name = 'DatabaseSettingError';
  }
}

/**
 * Logs a database that cannot be used in one line, once per distinct reason, so a process that keeps
 * retrying (NOT_SERVING) does not print a line per attempt; `clear()` after a success re-arms it.
 */
export function oncePerReason(log: (line: string) => void): { report(err: unknown): void; clear(): void } {
  let last: string | undefined;
  return {
    report(err) {
      const line = describeDatabaseError(err);
      if (line !== last) log(line);
      last = line;
    },
    clear() {
      last = undefined;
    },
  };
}
