// Import files of users with their password hashes (docs/password-import.md), made fast for tests and
// `pnpm bench import`: every line has a hash of one of the five kinds (bcrypt, Argon2i/Argon2id, scrypt,
// PBKDF2-SHA256 in passlib's and in the PHC form, Firebase scrypt), made with cheap parameters and by
// the libraries the old systems use. A few distinct passwords per kind are hashed once and reused across
// addresses (the import stores hashes, it does not check them); `passwordOf` says each user's password,
// so a test can verify a sample.
import { createCipheriv, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

export const IMPORT_KINDS = ['bcrypt', 'argon2', 'scrypt', 'pbkdf2-sha256', 'firebase-scrypt'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The password_hash values of one kind, each with its password. */
interface Hashed {
  password: string;
  hash: string | { firebase_scrypt: Record<string, string | number> };
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
const ab64 = (b: Buffer) => b64(b).replaceAll('+', '.');

/** `variants` passwords per kind, hashed with cheap parameters (made in well under a second). */
export async function hashedPasswords(variants = 8): Promise<Record<ImportKind, Hashed[]>> {
  const signerKey = randomBytes(64);
  const separator = Buffer.from([7]);
  const out = Object.fromEntries(IMPORT_KINDS.map((k) => [k, [] as Hashed[]])) as Record<ImportKind, Hashed[]>;
  for (let v = 0; v < variants; v++) {
    const pw = (kind: string) => `old ${kind} password ${v} ${randomBytes(4).toString('hex')}`;
    const bc = pw('bcrypt');
    // $2a$, $2b$ and $2y$ in turn: bcryptjs writes $2b$.
    out.bcrypt.push({ password: bc, hash: `$2${'aby'[v % 3]}$${(await bcrypt.hash(bc, 4)).slice(4)}` });
    const ar = pw('argon2');
    out.argon2.push({
      password: ar,
      hash: await argon2Hash(ar, { memoryCost: 256, timeCost: 1, algorithm: v % 2 === 0 ? 2 : 1 }),
    });
    const sc = pw('scrypt');
    const scSalt = randomBytes(16);
    const scKey = scryptSync(sc, scSalt, 32, { N: 16, r: 8, p: 1 });
    out.scrypt.push({ password: sc, hash: `$scrypt$ln=4,r=8,p=1$${b64(scSalt)}$${b64(scKey)}` });
    const pb = pw('pbkdf2');
    const pbSalt = randomBytes(16);
    const pbKey = pbkdf2Sync(pb, pbSalt, 1000, 32, 'sha256');
    out['pbkdf2-sha256'].push({
      password: pb,
      hash:
        v % 2 === 0
          ? `$pbkdf2-sha256$1000$${ab64(pbSalt)}$${ab64(pbKey)}`
          : `$pbkdf2-sha256$i=1000$${b64(pbSalt)}$${b64(pbKey)}`,
    });
    const fb = pw('firebase');
    const fbSalt = randomBytes(12);
    const key = scryptSync(fb, Buffer.concat([fbSalt, separator]), 32, { N: 2 ** 4, r: 8, p: 1 });
    const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
    const fbHash = Buffer.concat([cipher.update(signerKey), cipher.final()]);
    out['firebase-scrypt'].push({
      password: fb,
      hash: {
        firebase_scrypt: {
          hash: fbHash.toString('base64'),
          salt: fbSalt.toString('base64'),
          signer_key: signerKey.toString('base64'),
          salt_separator: separator.toString('base64'),
          rounds: 8,
          mem_cost: 4,
        },
      },
    });
  }
  return out;
}

export interface ImportFile {
  /** The JSON lines, one a user. */
  lines: string[];
  /** User i's address. */
  emailOf(i: number): string;
  kindOf(i: number): ImportKind;
  passwordOf(i: number): string;
}

/** `count` users, the kinds in turn, at `domain`; the first of each five has a verified address. */
export async function importFile(count: number, domain = 'import.test'): Promise<ImportFile> {
  const hashed = await hashedPasswords();
  const kindOf = (i: number) => IMPORT_KINDS[i % IMPORT_KINDS.length] as ImportKind;
  const variant = (i: number) => {
    const list = hashed[kindOf(i)];
    return list[Math.floor(i / IMPORT_KINDS.length) % list.length] as Hashed;
  };
  const emailOf = (i: number) => `user${i}@${domain}`;
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(
      JSON.stringify({
        email: emailOf(i),
        name: `User ${i}`,
        email_verified: i % 5 === 0,
        password_hash: variant(i).hash,
      }),
    );
  return { lines, emailOf, kindOf, passwordOf: (i) => variant(i).password };
}
