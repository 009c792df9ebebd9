export { redactSecrets, redactUrl } from './redact';

import pino from 'pino';
import pretty from 'pino-pretty';
import { serializeError } from './errors';
import { currentTrace } from './trace';

export * from './errors';
export * from './trace';

export type Logger = pino.Logger;

/**
 * The names whose values no log line shows, at the top of a line or one object down (`{ config: {
 * clientSecret } }`): cookies, tokens, secrets and passwords never reach a log, whichever object
 * carries them (a request, a config, a gRPC message).
 */
const SECRET_KEYS = new Set([
  'password',
  'passwd',
  'secret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'idToken',
  'clientSecret',
  'privateKey',
  'authorization',
  'cookie',
  'nonce',
]);

const CENSOR = '[redacted]';

/**
 * What pino blanks itself: the secret names at the top of a line and the credential headers of a
 * request or answer object. The level below the top is censorNested's: pino's wildcard paths (`*.token`)
 * cost about 12 µs on every line, secrets or not (measured: 15 µs a line against 2.5 µs without them),
 * and every card load writes an audit line.
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-jwt"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers["x-jwt"]',
  'headers["x-xsrf-token"]',
  'headers["set-cookie"]',
];

/** Keys whose values go through a serializer (serializeError), which writes no other field. */
const SERIALIZED = new Set(['err', 'error', 'cause']);

/**
 * The line's fields with every secret one object down censored, in copies: the caller's objects are
 * never changed, and a line without such a secret is passed on as it is, untouched. A copy keeps the
 * object's own fields (its prototype, and so a toJSON, is not copied). Not covered, unlike pino's
 * wildcard paths before: a child logger's bindings and objects interpolated into the message (`%j`);
 * this project binds names and logs objects as fields.
 */
export function censorNested(fields: Record<string, unknown>): Record<string, unknown> {
  let out = fields;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) continue;
    if (SERIALIZED.has(key)) continue;
    let copy: Record<string, unknown> | undefined;
    for (const inner of Object.keys(value)) {
      if (!SECRET_KEYS.has(inner)) continue;
      copy ??= { ...(value as Record<string, unknown>) };
      copy[inner] = CENSOR;
    }
    if (!copy) continue;
    if (out === fields) out = { ...fields };
    out[key] = copy;
  }
  return out;
}

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
  /** `json` (default): one object a line, for collectors. `pretty`: coloured single lines for people. */
  format?: 'json' | 'pretty';
}

/**
 * pino-pretty as an in-process stream (no transport worker thread): single lines, so `pnpm start`'s
 * process prefix stays at the start of every line; redaction has already happened in pino.
 */
function prettyStream(destination?: pino.DestinationStream): pino.DestinationStream {
  return pretty({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    destination: destination ?? 1,
    sync: true,
  });
}

const NO_TRACE = Object.freeze({});

/** Every line written during a request or a gRPC call names its trace, so one grep finds them all. */
function traceFields(): object {
  const trace = currentTrace();
  return trace ? { trace_id: trace.traceId, span_id: trace.spanId } : NO_TRACE;
}

export function createLogger({ name, level = 'info', destination, format = 'json' }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    // pino resets the bindings formatter for children: a child's bindings get the top-level paths only
    // (this project binds names, never objects).
    formatters: { log: censorNested },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
    // Errors as type, message, code and a few frames of our code, never the objects hung on them.
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
    // pino's default merges by Object.assign into the mixin's object: the shared empty one must stay empty.
    mixinMergeStrategy: (mergeObject, mixinObject) =>
      mixinObject === NO_TRACE ? mergeObject : Object.assign(mixinObject, mergeObject),
  };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return pino(options, destination ?? stdoutInLine());
}

/**
 * Standard output, written on the calling thread: pino's default writes each line through libuv's
 * thread pool (a thread woken, then the event loop woken back), which cost a card load more than the
 * write itself; and a line is out before the call that logged it answers, so an audit line is never
 * lost with the process. A reader that stops reading (a full pipe) holds the process up.
 */
function stdoutInLine(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: true });
}
