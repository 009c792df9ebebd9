import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import type { CredentialChecker } from './checker';

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/**
 * Compared against when the user is unknown, so the answer takes as long as for a known user: made
 * with the cost most entries of the file use, since bcrypt's time is set by the cost.
 */
function dummyHash(users: Map<string, string>): string {
  const costs = new Map<number, number>();
  for (const hash of users.values()) {
    const cost = Number(hash.slice(4, 6));
    costs.set(cost, (costs.get(cost) ?? 0) + 1);
  }
  const common = [...costs.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
  return bcrypt.hashSync('gatehouse: no such user', common);
}

/**
 * Parses an htpasswd file of bcrypt entries (`htpasswd -B`): `user:$2y$...` a line, `#` comments and
 * blank lines ignored. Any other hash scheme (MD5 apr1, SHA1, crypt) is refused: they are too weak to
 * keep. Throws one error naming every bad line.
 */
export function parseHtpasswd(text: string, source = 'htpasswd'): Map<string, string> {
  const users = new Map<string, string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) return;
    const colon = entry.indexOf(':');
    const user = colon > 0 ? entry.slice(0, colon) : '';
    const hash = colon > 0 ? entry.slice(colon + 1) : '';
    if (!user) problems.push(`line ${i + 1}: not user:hash`);
    else if (!BCRYPT.test(hash)) problems.push(`line ${i + 1}: user "${user}" has no bcrypt hash (use htpasswd -B)`);
    else if (users.has(user)) problems.push(`line ${i + 1}: user "${user}" is listed twice`);
    else users.set(user, hash);
  });
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return users;
}

/** The default checker: a bcrypt htpasswd file, read once at start. */
export function htpasswdChecker(path: string): CredentialChecker {
  const users = parseHtpasswd(readFileSync(path, 'utf8'), path);
  const dummy = dummyHash(users);
  return async (user, password) => {
    const hash = users.get(user);
    const ok = await bcrypt.compare(password, hash ?? dummy);
    return ok && hash !== undefined;
  };
}
