import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Paths pino blanks before a line is written. Cookies, tokens, secrets and passwords never reach a log,
 * whichever object carries them (a request, a config, a gRPC message).
 */
export const REDACT_PATHS = [
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
  '*.password',
  '*.passwd',
  '*.secret',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.idToken',
  '*.clientSecret',
  '*.privateKey',
  '*.authorization',
  '*.cookie',
  '*.nonce',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-jwt"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-jwt"]',
  'headers["x-xsrf-token"]',
  'headers["set-cookie"]',
];

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Removes query values that are secrets (token, code, passwd, state) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|passwd|password|state|client_secret)=)[^&#]*/gi, '$1[redacted]');
}
