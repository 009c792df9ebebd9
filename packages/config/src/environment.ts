/**
 * The process environment, copied once. This is the only place that reads process.env: every
 * process's config module takes this snapshot and validates it. A module of its own, so that `pnpm
 * start`'s launcher takes it without loading the schemas (zod) it never uses.
 */
export function environment(): Record<string, string | undefined> {
  return { ...process.env };
}
