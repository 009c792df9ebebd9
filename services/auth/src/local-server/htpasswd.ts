import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import type { CredentialChecker } from './server';

/** Compared against when the user is unknown, so a miss costs as long as a wrong password. */
const DUMMY_HASH = '$2b$10$drXggYjhyZlDTYYmjEkh/u1e67hZAvwUKuuGj8hTDVNDRft7b6S6K';

/**
 * A checker over an htpasswd file of bcrypt entries (`htpasswd -B`), read once at start. Other hash
 * kinds (MD5-crypt, SHA1, plain) are refused at start rather than silently never matching.
 */
export function htpasswdChecker(file: string): CredentialChecker {
  const users = new Map<string, string>();
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, index) => {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith('#')) return;
      const at = trimmed.indexOf(':');
      const user = trimmed.slice(0, at);
      const hash = trimmed.slice(at + 1);
      if (at < 1 || !/^\$2[aby]\$\d{2}\$/.test(hash)) {
        throw new Error(`${file}:${index + 1}: not a "user:bcrypt-hash" line (htpasswd -B)`);
      }
      users.set(user, hash);
    });
  return async (user, password) => {
    const hash = users.get(user);
    const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
    return ok && hash !== undefined;
  };
}
