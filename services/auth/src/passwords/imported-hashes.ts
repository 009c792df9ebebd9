import { createCipheriv, pbkdf2, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import {
  decode,
  type FirebaseScryptHash,
  firebaseParts,
  firebaseStoredString,
  type ParsedHash,
  parseStoredHash,
} from './imported-formats';
import type { ImportedHashes } from './types';

/**
 * Verifies the hashes users were imported with (bcrypt, Argon2i/Argon2id, scrypt, PBKDF2-SHA256,
 * Firebase's modified scrypt) until their first login replaces them with Argon2id. Every check but
 * bcrypt's runs on libuv's thread pool (node:crypto's async scrypt and pbkdf2, the native Argon2);
 * bcryptjs is pure JavaScript that yields to the event loop between rounds, and its hashes last only
 * until the first login. Results are compared in constant time. The password is the raw input, never
 * normalised: the system the hash came from did not normalise it either.
 */
export function importedHashes(): ImportedHashes {
  return {
    recognises: (stored) => !('error' in parseStoredHash(stored)),
    async verify(stored, password) {
      if (typeof password !== 'string' || password.length === 0) return false;
      const parsed = parseStoredHash(stored);
      if ('error' in parsed) return false;
      try {
        return await verifyParsed(parsed, password);
      } catch {
        // A hash that parsed but that the library still refuses: no password matches it.
        return false;
      }
    },
  };
}

async function verifyParsed(h: ParsedHash, password: string): Promise<boolean> {
  switch (h.kind) {
    case 'bcrypt':
      return bcrypt.compare(password, h.stored);
    case 'argon2':
      return argon2Verify(h.stored, password);
    case 'scrypt':
      return equal(await scryptAsync(password, h.salt, h.hash.length, { N: h.n, r: h.r, p: h.p }), h.hash);
    case 'pbkdf2-sha256':
      return equal(await pbkdf2Async(password, h.salt, h.rounds, h.hash.length), h.hash);
    case 'firebase-scrypt':
      return equal(await firebaseScrypt(password, h), h.hash);
  }
}

/**
 * Firebase Auth's modified scrypt (github.com/firebase/scrypt): the key is scrypt of the password with
 * the user's salt followed by the project's separator (N = 2^mem_cost, r = rounds, p = 1), and the hash
 * is the project's signer key encrypted with AES-256-CTR under that key and a zero IV.
 */
export async function firebaseScrypt(
  password: string,
  h: Pick<FirebaseScryptHash, 'memCost' | 'rounds' | 'salt' | 'saltSeparator' | 'signerKey'>,
): Promise<Buffer> {
  const key = await scryptAsync(password, Buffer.concat([h.salt, h.saltSeparator]), 32, {
    N: 2 ** h.memCost,
    r: h.rounds,
    p: 1,
  });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(h.signerKey), cipher.final()]);
}

function scryptAsync(password: string, salt: Buffer, keylen: number, cost: ScryptOptions): Promise<Buffer> {
  // node:crypto refuses more than 32 MiB by default (ln=16, r=8 needs 64 MiB): allow what the cost needs.
  const maxmem = 128 * (cost.N ?? 0) * (cost.r ?? 0) * 2 + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function pbkdf2Async(password: string, salt: Buffer, rounds: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    pbkdf2(password, salt, rounds, keylen, 'sha256', (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Firebase's export of one user (users:export) with its project's hash parameters, as an import line gives it. */
const FirebaseInput = z.object({
  firebase_scrypt: z.strictObject({
    hash: z.string().min(1).max(1024),
    salt: z.string().min(1).max(1024),
    signer_key: z.string().min(1).max(1024),
    salt_separator: z.string().min(1).max(1024),
    rounds: z.coerce.number().int(),
    mem_cost: z.coerce.number().int(),
  }),
});

/** The password_hash of an import line: a PHC or modular crypt string, or Firebase's object. */
export type ImportedHashInput = string | { firebase_scrypt: Record<string, unknown> };

/**
 * An import line's `password_hash` checked and put in the form stored in passwords.hash: a string of
 * one of the kinds importedHashes() verifies, or the reason the line is refused.
 */
export function parseImportedHash(input: unknown): { stored: string } | { error: string } {
  if (typeof input === 'string') {
    const stored = input.trim();
    if (stored.length > 1024) return { error: 'password_hash is too long' };
    const parsed = parseStoredHash(stored);
    return 'error' in parsed ? parsed : { stored };
  }
  const firebase = FirebaseInput.safeParse(input);
  if (!firebase.success)
    return {
      error:
        'password_hash must be a hash string or {"firebase_scrypt": {hash, salt, signer_key, salt_separator, rounds, mem_cost}}',
    };
  const f = firebase.data.firebase_scrypt;
  const [hash, salt, signerKey, saltSeparator] = [f.hash, f.salt, f.signer_key, f.salt_separator].map(decode);
  if (!hash || !salt || !signerKey || !saltSeparator) return { error: 'firebase_scrypt fields must be base64' };
  const parts = firebaseParts({ memCost: f.mem_cost, rounds: f.rounds, salt, saltSeparator, signerKey, hash });
  return 'error' in parts ? parts : { stored: firebaseStoredString(parts) };
}
