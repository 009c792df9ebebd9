import { z } from 'zod';
import { parseImportedHash } from './imported-hashes';

/** One user of an import file, checked: what the store writes. */
export interface ImportRecord {
  line: number;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The stored form of the imported hash; null: none (the user sets a password by a reset link). */
  hash: string | null;
}

/** The longest line read: a Firebase line with its project's keys is under 1 KiB. */
export const MAX_LINE_CHARS = 16_384;

const Line = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email()),
  name: z.string().trim().max(200).optional(),
  email_verified: z.boolean().optional(),
  password_hash: z.unknown().optional(),
});

/**
 * One line of an import file (docs/password-import.md): a JSON object with an address, maybe a name,
 * whether the old system had verified the address, and the hash it kept. The record to write, or the
 * reason the line is refused in words that say what to fix.
 */
export function parseImportLine(line: number, text: string): ImportRecord | { line: number; reason: string } {
  if (text.length > MAX_LINE_CHARS) return { line, reason: `the line is longer than ${MAX_LINE_CHARS} characters` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, reason: 'not a JSON object' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { line, reason: 'not a JSON object' };
  const parsed = Line.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'line';
    const reason =
      issue?.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.join(', ')} (email, name, email_verified, password_hash)`
        : field === 'email'
          ? 'email is missing or not an address'
          : `${field}: ${issue?.message ?? 'invalid'}`;
    return { line, reason };
  }
  const { email, name = '', email_verified = false, password_hash } = parsed.data;
  let hash: string | null = null;
  if (password_hash !== undefined && password_hash !== null && password_hash !== '') {
    const checked = parseImportedHash(password_hash);
    if ('error' in checked) return { line, reason: `password_hash: ${checked.error}` };
    hash = checked.stored;
  }
  return { line, email, name, emailVerified: email_verified, hash };
}
