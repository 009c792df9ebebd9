// The imported kinds against the reference's byte-exact vectors (passlib 1.7.4's pbkdf2-sha256 and
// scrypt, the Firebase scrypt README's), and against hashes made here by the same libraries the old
// systems use (bcryptjs, Argon2 through @node-rs/argon2); wrong passwords and malformed strings fail.
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { parseStoredHash } from './imported-formats';
import { importedHashes, parseImportedHash } from './imported-hashes';

const hashes = importedHashes();

const PASSLIB_PBKDF2 = '$pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$8nX7hwFEzIB8aPajJTYK8weHQc5Ngz0pFVAKvSu4jQA';
const PASSLIB_SCRYPT = '$scrypt$ln=14,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$GM/8plVTNY2Jr5+H+TMEUW0SMD0/pCcA0XgAgW7i7jw';
const FIREBASE = {
  firebase_scrypt: {
    hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
    salt: '42xEC+ixf3L2lw==',
    signer_key: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    salt_separator: 'Bw==',
    rounds: 8,
    mem_cost: 14,
  },
};

function stored(input: unknown): string {
  const parsed = parseImportedHash(input);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.stored;
}

describe('imported hashes', () => {
  it('verifies passlib pbkdf2-sha256 (adapted base64) and its PHC i= form', async () => {
    expect(await hashes.verify(stored(PASSLIB_PBKDF2), 'password')).toBe(true);
    expect(await hashes.verify(PASSLIB_PBKDF2, 'Password')).toBe(false);
    const phc = PASSLIB_PBKDF2.replace('$1000$', '$i=1000$');
    expect(await hashes.verify(stored(phc), 'password')).toBe(true);
    expect(await hashes.verify(phc, 'passwore')).toBe(false);
  });

  it("reads passlib's '.' as base64's '+'", async () => {
    // A passlib hash whose checksum has a '.': made with node:crypto here, written as passlib writes.
    const { pbkdf2Sync } = await import('node:crypto');
    let salt = '';
    let line = '';
    for (let i = 0; !line.includes('.'); i++) {
      salt = `salt-${i}`;
      const key = pbkdf2Sync('hunter22', salt, 1000, 32, 'sha256');
      const ab64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '').replaceAll('+', '.');
      line = `$pbkdf2-sha256$1000$${ab64(Buffer.from(salt))}$${ab64(key)}`;
    }
    expect(await hashes.verify(stored(line), 'hunter22')).toBe(true);
  });

  it('verifies passlib scrypt (standard base64)', async () => {
    expect(await hashes.verify(stored(PASSLIB_SCRYPT), 'password')).toBe(true);
    expect(await hashes.verify(PASSLIB_SCRYPT, 'password ')).toBe(false);
  });

  it("verifies the Firebase scrypt README's vector, stored in Gatehouse's own string", async () => {
    const s = stored(FIREBASE);
    expect(s).toMatch(/^\$firebase-scrypt\$m=14,r=8\$/);
    expect(hashes.recognises(s)).toBe(true);
    expect(await hashes.verify(s, 'user1password')).toBe(true);
    expect(await hashes.verify(s, 'user2password')).toBe(false);
    // URL-safe base64, as some exports write it, is the same hash.
    const urlSafe = Object.fromEntries(
      Object.entries(FIREBASE.firebase_scrypt).map(([k, v]) => [
        k,
        typeof v === 'string' ? v.replaceAll('+', '-').replaceAll('/', '_') : v,
      ]),
    );
    expect(stored({ firebase_scrypt: urlSafe })).toBe(s);
  });

  it('verifies bcrypt $2a$, $2b$ and $2y$ made by bcryptjs', async () => {
    const b = await bcrypt.hash('correct horse', 4);
    expect(b.startsWith('$2b$04$')).toBe(true);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const s = stored(prefix + b.slice(4));
      expect(await hashes.verify(s, 'correct horse')).toBe(true);
      expect(await hashes.verify(s, 'correct horse!')).toBe(false);
    }
  });

  it('verifies Argon2i and Argon2id made by @node-rs/argon2', async () => {
    const id = await argon2Hash('tr0ub4dor&3', { memoryCost: 1024, timeCost: 1 });
    const i = await argon2Hash('tr0ub4dor&3', { memoryCost: 1024, timeCost: 1, algorithm: 1 });
    expect(id.startsWith('$argon2id$v=19$m=1024,t=1,p=1$')).toBe(true);
    expect(i.startsWith('$argon2i$v=19$')).toBe(true);
    for (const h of [id, i]) {
      expect(await hashes.verify(stored(h), 'tr0ub4dor&3')).toBe(true);
      expect(await hashes.verify(h, 'tr0ub4dor&4')).toBe(false);
    }
  });

  it('never normalises the password: an imported hash of a decomposed é is matched only by that form', async () => {
    const decomposed = 'cafe\u0301-latte';
    const h = await bcrypt.hash(decomposed, 4);
    expect(await hashes.verify(h, decomposed)).toBe(true);
    expect(await hashes.verify(h, decomposed.normalize('NFKC'))).toBe(false);
  });

  it('refuses malformed, unsupported and out-of-bounds hashes with a reason', async () => {
    const bad: unknown[] = [
      '',
      'plaintext',
      '$1$saltsalt$abcdefghijklmnopqrstuv', // md5-crypt: not imported
      '$2x$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', // $2x$ is not one of the kinds
      '$2b$10$tooshort',
      '$2b$31$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', // a cost no login can afford
      '$argon2d$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      '$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      '$scrypt$ln=24,r=8,p=1$c2FsdA$GM/8plVTNY2Jr5+H+TMEUW0SMD0/pCcA0XgAgW7i7jw',
      '$scrypt$ln=14,r=8,p=1$c2FsdA$not*base64',
      '$pbkdf2-sha256$10$c2FsdA$8nX7hwFEzIB8aPajJTYK8weHQc5Ngz0pFVAKvSu4jQA',
      '$pbkdf2-sha256$1000$c2FsdA',
      { firebase_scrypt: { ...FIREBASE.firebase_scrypt, mem_cost: 40 } },
      { firebase_scrypt: { ...FIREBASE.firebase_scrypt, hash: 'c2hvcnQ=' } },
      { firebase_scrypt: { ...FIREBASE.firebase_scrypt, signer_key: undefined } },
      { firebase_scrypt: { ...FIREBASE.firebase_scrypt, salt: '!!!' } },
      { sha1: 'x' },
      42,
      null,
    ];
    for (const input of bad) {
      const parsed = parseImportedHash(input);
      expect(parsed).toEqual({ error: expect.any(String) });
      if (typeof input === 'string') {
        expect(hashes.recognises(input)).toBe(false);
        expect(await hashes.verify(input, 'password')).toBe(false);
      }
    }
    expect(parseImportedHash('$2b$31$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')).toEqual({
      error: 'bcrypt cost 31 is outside 4..16',
    });
    expect(parseImportedHash('$md5$x')).toEqual({ error: expect.stringContaining('unsupported hash format') });
    expect(parseStoredHash('$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaA')).toEqual({
      kind: 'argon2',
      stored: expect.any(String),
    });
  });

  it('answers false for an empty password, and for a hash that parses but no library accepts', async () => {
    expect(await hashes.verify(PASSLIB_PBKDF2, '')).toBe(false);
    expect(await hashes.verify('$argon2id$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA', 'password')).toBe(false);
  });
});
