// The lines of an import file: what each field may be, and the example block of
// docs/password-import.md, whose every line is checked here and whose hashes take their password.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ImportRecord, parseImportLine } from './import-lines';
import { importedHashes } from './imported-hashes';

const DOC = path.join(__dirname, '../../../../docs/password-import.md');

describe('import lines', () => {
  it('imports every example line of the docs, each hash taking its documented password', async () => {
    const block = /```jsonl\n([\s\S]*?)```/.exec(readFileSync(DOC, 'utf8'))?.[1] ?? '';
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBe(8);
    const verifier = importedHashes();
    const kinds = new Set<string>();
    for (const [i, text] of lines.entries()) {
      const record = parseImportLine(i + 1, text) as ImportRecord;
      expect(record).toMatchObject({ line: i + 1, email: expect.stringContaining('@example.com') });
      if (record.hash === null) continue;
      kinds.add(record.hash.split('$')[1] as string);
      const password = record.email.startsWith('firebase') ? 'user1password' : 'password';
      expect(await verifier.verify(record.hash, password)).toBe(true);
      expect(await verifier.verify(record.hash, `${password}1`)).toBe(false);
    }
    expect([...kinds].sort()).toEqual(['2b', 'argon2i', 'argon2id', 'firebase-scrypt', 'pbkdf2-sha256', 'scrypt']);
  });

  it('takes the optional fields and their defaults', () => {
    expect(parseImportLine(3, '{"email": " Ann@Example.com ", "name": " Ann ", "password_hash": null}')).toEqual({
      line: 3,
      email: 'Ann@Example.com',
      name: 'Ann',
      emailVerified: false,
      hash: null,
    });
    expect(parseImportLine(4, '{"email": "b@example.com", "email_verified": true, "password_hash": ""}')).toMatchObject(
      {
        emailVerified: true,
        hash: null,
      },
    );
  });

  it('refuses what is not a user line, saying what to fix', () => {
    const cases: [string, string | RegExp][] = [
      ['[1, 2]', 'not a JSON object'],
      ['"text"', 'not a JSON object'],
      ['{"email": "a@example.com"', 'not a JSON object'],
      ['{"name": "no address"}', 'email is missing or not an address'],
      ['{"email": "not-an-address"}', 'email is missing or not an address'],
      ['{"email": "a@example.com", "email_verified": "yes"}', /^email_verified: /],
      ['{"email": "a@example.com", "name": 7}', /^name: /],
      ['{"email": "a@example.com", "hash": "$2b$..."}', /unknown field hash/],
      ['{"email": "a@example.com", "password_hash": "md5:abc"}', /^password_hash: not a PHC or modular crypt string/],
      ['{"email": "a@example.com", "password_hash": {"firebase_scrypt": {}}}', /^password_hash: password_hash must be/],
      [`{"email": "a@example.com", "name": "${'x'.repeat(17_000)}"}`, /longer than 16384/],
    ];
    for (const [text, reason] of cases) {
      const refused = parseImportLine(9, text);
      expect(refused).toEqual({ line: 9, reason: typeof reason === 'string' ? reason : expect.stringMatching(reason) });
    }
  });
});
