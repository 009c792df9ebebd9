import { z } from 'zod';
import { parseDuration } from './duration';

export { z };

/** A configuration that failed validation; the message lists every problem, one a line. */
export class ConfigError extends Error {
  constructor(
    readonly processName: string,
    readonly problems: string[],
  ) {
    super(`invalid ${processName} configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates raw settings against a schema; throws one ConfigError naming every bad setting. */
export function validateConfig<S extends z.ZodType>(processName: string, schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'config';
    return `${where}: ${issue.message}`;
  });
  throw new ConfigError(processName, problems);
}

/** A duration setting (`90s`, `15m`, `24h`, `31d`) as milliseconds. */
export function duration(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((text, ctx) => {
      const ms = parseDuration(text);
      if (ms === null || ms <= 0) {
        ctx.addIssue({ code: 'custom', message: `"${text}" is not a duration such as 90s, 15m, 24h or 31d` });
        return z.NEVER;
      }
      return ms;
    });
}

/** A TCP port setting. */
export function port(defaultValue: number) {
  return z.coerce.number().int().min(0).max(65535).default(defaultValue);
}

/** A comma-separated list setting; blanks are dropped. */
export function list() {
  return z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );
}

/** A boolean setting: 1/true/yes/on or 0/false/no/off. */
export function flag(defaultValue: boolean) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return defaultValue;
      const v = text.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a boolean (true or false)` });
      return z.NEVER;
    });
}

/** An empty string means "not set", so `FOO=` in a compose file behaves like no FOO at all. */
export function optionalText() {
  return z
    .string()
    .optional()
    .transform((text) => (text === undefined || text.trim() === '' ? undefined : text));
}

const HANDLER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Custom login handlers as `name=host:port` pairs, comma-separated (AUTH_LOGIN_HANDLERS): each name
 * becomes a provider under /auth/<name>/ served by the LoginHandler at that address.
 */
export function loginHandlers() {
  return z
    .string()
    .default('')
    .transform((text, ctx) => {
      const out: Record<string, string> = {};
      for (const entry of text.split(',').map((s) => s.trim())) {
        if (entry === '') continue;
        const [name, address] = entry.split('=').map((s) => s.trim());
        if (!name || !address || !HANDLER_NAME.test(name) || !/^[^\s/]+:\d+$/.test(address)) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not name=host:port (name: A-Z a-z 0-9 _ -)` });
          continue;
        }
        if (Object.hasOwn(out, name))
          ctx.addIssue({ code: 'custom', message: `login handler "${name}" is listed twice` });
        out[name] = address;
      }
      return out;
    });
}

/**
 * Where a service's gRPC server is found: `<NAME>_GRPC_ADDR` when set, else loopback on
 * `<NAME>_GRPC_PORT` (its default otherwise), so moving a port moves the address everyone dials.
 */
export function grpcAddress(address: string | undefined, grpcPort: number): string {
  return address ?? `127.0.0.1:${grpcPort}`;
}

/** The pino levels LOG_LEVEL may name; every process validates it with this one schema. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The LOG_LEVEL setting, the same in every process's config. */
export function logLevel() {
  return z.enum(LOG_LEVELS).default('info');
}

/**
 * LOG_FORMAT: `json` (one JSON object a line, for collectors) or `pretty` (coloured single lines, for
 * people). Unset, it is pretty exactly when standard output is a terminal; `pnpm start` passes
 * `pretty` to its processes when it runs in one.
 */
export function logFormat(isTerminal = Boolean(process.stdout.isTTY)) {
  return z.enum(['json', 'pretty']).default(isTerminal ? 'pretty' : 'json');
}

/** DATABASE_POOL_MAX: connections one process opens at most (see the README's connection budget). */
export function poolSize(defaultValue: number) {
  return z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(defaultValue);
}
