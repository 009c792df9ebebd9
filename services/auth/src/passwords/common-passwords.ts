import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';

/**
 * The bundled list of the 10,000 most common passwords (lists/NOTICE.md says where it comes from),
 * checked on every new password whatever else is configured: NIST SP 800-63B asks for a blocklist, and
 * this one needs no network. Kept as a Set of folded forms (NFKC, then lower case), so "Password1",
 * "PASSWORD1" and a full-width "ｐａｓｓｗｏｒｄ1" are all found: case is no strength against a
 * guesser who tries the list's words in every case.
 */
export const COMMON_PASSWORDS_FILE = path.join(
  runtimeAssetDir(path.join(__dirname, 'lists'), 'password-lists'),
  'common-passwords.txt',
);

/** The form a password is compared in: NFKC (as the policy hashes it), then lower case. */
export function foldPassword(password: string): string {
  return password.normalize('NFKC').toLowerCase();
}

export class CommonPasswords {
  private constructor(private readonly folded: ReadonlySet<string>) {}

  /** The list in `file` (one password a line; blank lines skipped), read once, at start. */
  static load(file = COMMON_PASSWORDS_FILE): CommonPasswords {
    const lines = readFileSync(file, 'utf8').split(/\r?\n/);
    return new CommonPasswords(new Set(lines.filter((l) => l.length > 0).map(foldPassword)));
  }

  /** True when the password, case aside, is on the list. */
  has(password: string): boolean {
    return this.folded.has(foldPassword(password));
  }

  get size(): number {
    return this.folded.size;
  }
}

let shared: CommonPasswords | undefined;

/** The bundled list, loaded on first use and kept (about 100 KB: one copy a process). */
export function commonPasswords(): CommonPasswords {
  shared ??= CommonPasswords.load();
  return shared;
}
