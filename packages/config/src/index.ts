export * from './auth-settings';
export * from './declared-settings';
export { parseDuration } from './duration';
export * from './files';
export * from './schema';
export * from './secret-holders';
export * from './shared-state';
export * from './signing-settings';
export * from './tls';

/**
 * The process environment, copied once. This is the only place that reads process.env: every
 * process's config module takes this snapshot and validates it.
 */
export function environment(): Record<string, string | undefined> {
  return { ...process.env };
}
