import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { htpasswdChecker, parseHtpasswd } from './htpasswd';

describe('htpasswd checker', () => {
  it('checks bcrypt entries ($2y$ of htpasswd -B too) and refuses unknown users', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gh-htpasswd-')), 'users');
    const y = bcrypt.hashSync('pw-b', 4).replace(/^\$2b\$/, '$2y$');
    writeFileSync(file, `# comment\n\nann:${bcrypt.hashSync('pw-a', 4)}\r\nbob:${y}\n`);
    const check = htpasswdChecker(file);
    expect(await check('ann', 'pw-a')).toBe(true);
    expect(await check('bob', 'pw-b')).toBe(true);
    expect(await check('ann', 'pw-b')).toBe(false);
    expect(await check('carl', 'pw-a')).toBe(false);
  });

  it('refuses weak schemes, malformed lines and duplicates, naming each line', () => {
    const hash = bcrypt.hashSync('x', 4);
    expect(() => parseHtpasswd(`ann:$apr1$abc$def\nno-colon\nbob:${hash}\nbob:${hash}\n`, 'users')).toThrow(
      'users: line 1: user "ann" has no bcrypt hash (use htpasswd -B); line 2: not user:hash; line 4: user "bob" is listed twice',
    );
  });
});
