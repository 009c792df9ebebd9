/**
 * The hash strings of users imported with their hashes (docs/password-import.md), read into what
 * verifying them needs. Every format is checked whole, and its cost parameters bounded: a hash is set
 * by whoever wrote the import file, and a login must not be made to run for minutes or take gigabytes.
 */

/** An imported hash, parsed; `kind` is the format's name in the import's answer and the docs. */
export type ParsedHash =
  | { kind: 'bcrypt'; stored: string }
  | { kind: 'argon2'; stored: string }
  | { kind: 'scrypt'; n: number; r: number; p: number; salt: Buffer; hash: Buffer }
  | { kind: 'pbkdf2-sha256'; rounds: number; salt: Buffer; hash: Buffer }
  | FirebaseScryptHash;

/** Firebase Auth's modified scrypt: a project's signer key and salt separator with each user's salt. */
export interface FirebaseScryptHash {
  kind: 'firebase-scrypt';
  /** Firebase's mem_cost: N = 2^memCost. */
  memCost: number;
  rounds: number;
  salt: Buffer;
  saltSeparator: Buffer;
  signerKey: Buffer;
  hash: Buffer;
}

/** The bounds of each kind's parameters: above them the work of one login is out of reason. */
export const LIMITS = {
  bcryptCost: { min: 4, max: 16 },
  argon2: { memoryKiB: 262_144, time: 20, parallelism: 16 },
  scrypt: { log2N: 20, r: 32, p: 16, memoryBytes: 1024 ** 3 },
  pbkdf2Rounds: { min: 1_000, max: 5_000_000 },
  firebase: { memCost: 18, rounds: 32 },
} as const;

const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const B64 = '[A-Za-z0-9+/]+';
// passlib's adapted base64 ('.' for '+') and the PHC form's standard base64 ('+'): both are read.
const AB64 = '[A-Za-z0-9./+]+';
const ARGON2 = new RegExp(
  `^\\$argon2(?:i|id)\\$(?:v=(?:16|19)\\$)?m=(\\d{1,7}),t=(\\d{1,3}),p=(\\d{1,2})\\$${B64}\\$${B64}$`,
);
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,3}),p=(\\d{1,2})\\$(${B64})\\$(${B64})$`);
const PBKDF2 = new RegExp(`^\\$pbkdf2-sha256\\$(i=)?(\\d{1,8})\\$(${AB64})\\$(${AB64})$`);
const FIREBASE = new RegExp(
  `^\\$firebase-scrypt\\$m=(\\d{1,2}),r=(\\d{1,2})\\$(${B64})\\$(${B64})\\$(${B64})\\$(${B64})$`,
);

/** The string's parts, or the reason it is no imported hash this module verifies. */
export function parseStoredHash(stored: string): ParsedHash | { error: string } {
  if (typeof stored !== 'string' || !stored.startsWith('$')) return { error: 'not a PHC or modular crypt string' };
  if (stored.startsWith('$2')) return parseBcrypt(stored);
  if (stored.startsWith('$argon2')) return parseArgon2(stored);
  if (stored.startsWith('$scrypt$')) return parseScrypt(stored);
  if (stored.startsWith('$pbkdf2-sha256$')) return parsePbkdf2(stored);
  if (stored.startsWith('$firebase-scrypt$')) return parseFirebase(stored);
  return {
    error:
      'unsupported hash format (bcrypt $2a$/$2b$/$2y$, $argon2i$, $argon2id$, $scrypt$, $pbkdf2-sha256$ or a firebase_scrypt object)',
  };
}

function parseBcrypt(stored: string): ParsedHash | { error: string } {
  const m = BCRYPT.exec(stored);
  if (!m) return { error: 'malformed bcrypt hash ($2a$, $2b$ or $2y$, a 2-digit cost, 53 characters of ./A-Za-z0-9)' };
  const cost = Number(m[1]);
  const { min, max } = LIMITS.bcryptCost;
  if (cost < min || cost > max) return { error: `bcrypt cost ${cost} is outside ${min}..${max}` };
  return { kind: 'bcrypt', stored };
}

function parseArgon2(stored: string): ParsedHash | { error: string } {
  const m = ARGON2.exec(stored);
  if (!m) return { error: 'malformed Argon2 hash ($argon2i$ or $argon2id$, v=19, m=,t=,p=, salt and hash in base64)' };
  const [memory, time, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const max = LIMITS.argon2;
  if (memory < 8 * parallelism || memory > max.memoryKiB || time < 1 || time > max.time)
    return { error: 'Argon2 parameters out of range (m up to 262144 KiB, t 1..20)' };
  if (parallelism < 1 || parallelism > max.parallelism) return { error: 'Argon2 parallelism out of range (1..16)' };
  return { kind: 'argon2', stored };
}

function parseScrypt(stored: string): ParsedHash | { error: string } {
  const m = SCRYPT.exec(stored);
  if (!m) return { error: 'malformed scrypt hash ($scrypt$ln=,r=,p=$salt$hash, standard base64 without padding)' };
  const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const max = LIMITS.scrypt;
  if (ln < 1 || ln > max.log2N || r < 1 || r > max.r || p < 1 || p > max.p || 128 * 2 ** ln * r > max.memoryBytes)
    return { error: 'scrypt parameters out of range (ln up to 20, r up to 32, p up to 16, at most 1 GiB)' };
  const salt = decode(m[4] as string);
  const hash = decode(m[5] as string);
  if (!salt || !hash || hash.length < 16 || hash.length > 64)
    return { error: 'scrypt salt or hash is not valid base64' };
  return { kind: 'scrypt', n: 2 ** ln, r, p, salt, hash };
}

function parsePbkdf2(stored: string): ParsedHash | { error: string } {
  const m = PBKDF2.exec(stored);
  if (!m)
    return {
      error: 'malformed PBKDF2 hash ($pbkdf2-sha256$<rounds>$<salt>$<hash> as passlib writes it, or i=<rounds> as PHC)',
    };
  const rounds = Number(m[2]);
  const { min, max } = LIMITS.pbkdf2Rounds;
  if (rounds < min || rounds > max) return { error: `PBKDF2 rounds ${rounds} are outside ${min}..${max}` };
  // passlib's adapted base64 has '.' where base64 has '+'; the PHC form is plain base64 (no '.').
  const salt = decode((m[3] as string).replaceAll('.', '+'));
  const hash = decode((m[4] as string).replaceAll('.', '+'));
  if (!salt || !hash || hash.length < 16 || hash.length > 64)
    return { error: 'PBKDF2 salt or hash is not valid base64' };
  return { kind: 'pbkdf2-sha256', rounds, salt, hash };
}

function parseFirebase(stored: string): ParsedHash | { error: string } {
  const m = FIREBASE.exec(stored);
  if (!m) return { error: 'malformed Firebase scrypt hash' };
  const [memCost, rounds] = [Number(m[1]), Number(m[2])];
  const bytes = [m[3], m[4], m[5], m[6]].map((part) => decode(part as string));
  const [salt, saltSeparator, signerKey, hash] = bytes;
  if (!salt || !saltSeparator || !signerKey || !hash) return { error: 'Firebase scrypt parts are not valid base64' };
  return firebaseParts({ memCost, rounds, salt, saltSeparator, signerKey, hash });
}

/** The Firebase parameters checked: a key of AES-256's size (the hash), bounded costs. */
export function firebaseParts(p: Omit<FirebaseScryptHash, 'kind'>): FirebaseScryptHash | { error: string } {
  const max = LIMITS.firebase;
  if (!Number.isInteger(p.memCost) || p.memCost < 1 || p.memCost > max.memCost)
    return { error: `firebase_scrypt mem_cost must be 1..${max.memCost}` };
  if (!Number.isInteger(p.rounds) || p.rounds < 1 || p.rounds > max.rounds)
    return { error: `firebase_scrypt rounds must be 1..${max.rounds}` };
  if (p.signerKey.length === 0 || p.hash.length !== p.signerKey.length)
    return { error: 'firebase_scrypt hash must be as long as the signer key (AES-CTR over the signer key)' };
  if (p.salt.length === 0) return { error: 'firebase_scrypt salt is empty' };
  return { kind: 'firebase-scrypt', ...p };
}

/** The stored form of a Firebase hash: PHC-like, standard base64 without padding. */
export function firebaseStoredString(h: FirebaseScryptHash): string {
  const parts = [h.salt, h.saltSeparator, h.signerKey, h.hash].map((b) => b.toString('base64').replace(/=+$/, ''));
  return `$firebase-scrypt$m=${h.memCost},r=${h.rounds}$${parts.join('$')}`;
}

/**
 * Bytes of standard or URL-safe base64, with or without padding (Firebase exports either), or undefined
 * when the text is not base64 at all (Node's decoder skips bad characters silently, so it is checked here).
 */
export function decode(text: string): Buffer | undefined {
  const plain = text.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(plain) || plain.length % 4 === 1) return undefined;
  return Buffer.from(plain, 'base64');
}
