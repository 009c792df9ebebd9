// What each process of `pnpm start` is given: the variables its workload's schema declares, the secrets
// it is listed for (and, for auth, those its AUTH_CONFIG file names), and the runtime's own variables;
// nothing else. A foothold in one process finds no other workload's secret, and a setting reaches every
// process that reads it, whatever its name looks like (docs/configuration.md, "read by").
import path from 'node:path';
import { DECLARED_SETTINGS, declaredByAny, givenTo } from '../../packages/config/src/declared-settings';
import type { Workload } from '../../packages/config/src/secret-holders';

/**
 * Read by Node.js, by the libraries under every process or by the system, never a Gatehouse setting:
 * every process gets them (NODE_OPTIONS, NODE_EXTRA_CA_CERTS, the OpenTelemetry SDK's OTEL_*, grpc-js's
 * GRPC_TRACE and GRPC_DEFAULT_SSL_ROOTS_FILE_PATH, the locale and time zone).
 */
const RUNTIME =
  /^(PATH|HOME|USER|LOGNAME|SHELL|TERM|TMPDIR|TZ|LANG|LANGUAGE|NO_COLOR|FORCE_COLOR|DEBUG|UV_THREADPOOL_SIZE|SSL_CERT_FILE|SSL_CERT_DIR)$|^(LC|NODE|OTEL)_|^GRPC_(TRACE|VERBOSITY|DEFAULT_SSL_ROOTS_FILE_PATH|SSL_CIPHER_SUITES|NODE_\w+|EXPERIMENTAL_\w+)$/;

/** Read by `pnpm start` itself (docs/configuration.md): no process is given them, nor are they named. */
export const LAUNCHER_SETTINGS: readonly string[] = ['GATEHOUSE_DATA_DIR', 'EMBEDDED_POSTGRES_PORT'];

/** What the start made for each process, in place of what the environment says. */
export interface StartedWith {
  /** The root of the internal keys: each process gets its own folder under it. */
  internalKeys: string;
  /** The embedded Postgres's role of each workload (auth, payment); undefined with a DATABASE_URL given. */
  databaseUrls?: Record<string, string>;
  /** The public half of the signing keys, for the gateway (it only verifies). */
  gatewayKeysFile?: string;
  /** The variables the AUTH_CONFIG file names (its providers' secrets): the auth service reads them. */
  configSecrets: ReadonlySet<string>;
}

/** The environment `workload`'s process starts with, from the start's own (`env`, development defaults included). */
export function environmentFor(
  workload: Workload,
  env: Record<string, string | undefined>,
  started: StartedWith,
): Record<string, string | undefined> {
  const own: Record<string, string | undefined> = {
    ...env,
    INTERNAL_KEYS_DIR: path.join(started.internalKeys, workload),
    ...(started.databaseUrls ? { DATABASE_URL: started.databaseUrls[workload] } : {}),
    ...(workload === 'gateway' ? { AUTH_SIGNING_KEYS_FILE: started.gatewayKeysFile } : {}),
  };
  const reads = (name: string) =>
    RUNTIME.test(name) || givenTo(workload, name) || (workload === 'auth' && started.configSecrets.has(name));
  return Object.fromEntries(Object.entries(own).filter(([name, value]) => value !== undefined && reads(name)));
}

/**
 * The variables of ours set in `env` that no process reads (a misspelt or retired setting): each is named
 * in one line at start, since none is given it. Ours: a name that begins as some workload's setting does
 * (AUTH_, WEBHOOK_, LOG_...).
 */
export function undeclaredSettings(env: Record<string, string | undefined>, configSecrets: ReadonlySet<string>) {
  const prefixes = new Set(Object.values(DECLARED_SETTINGS).flatMap((names) => names.map(prefixOf)));
  return Object.keys(env)
    .filter((name) => env[name] && prefixes.has(prefixOf(name)) && !RUNTIME.test(name))
    .filter((name) => !declaredByAny(name) && !configSecrets.has(name) && !LAUNCHER_SETTINGS.includes(name))
    .sort();
}

const prefixOf = (name: string) => name.split('_')[0] ?? name;
