import { hash, parseOptions, verify } from '@node-rs/argon2';
import type { ImportedHashes } from './types';

/** Argon2id's cost (docs/password-accounts.md "Settings"): AUTH_PASSWORD_HASH_MEMORY_KIB, _TIME, _PARALLELISM. */
export interface HashParameters {
  /** m, in KiB. */
  memoryKiB: number;
  /** t, passes. */
  timeCost: number;
  /** p, lanes. */
  parallelism: number;
}

/**
 * OWASP's Password Storage Cheat Sheet: m=19 MiB, t=2, p=1 for Argon2id (equivalent to 46 MiB at t=1).
 * The library's defaults are the same; they are spelled out so a change of its defaults changes nothing.
 */
export const OWASP_PARAMETERS: HashParameters = { memoryKiB: 19456, timeCost: 2, parallelism: 1 };

/** `algorithm` of @node-rs/argon2: its enum is an ambient const enum, unusable under isolatedModules. */
const ARGON2ID = 2;

/** What a stored hash said about a password. `rehash`: right, and the hash should be made again now. */
export type Verdict = { ok: false } | { ok: true; rehash: boolean };

/**
 * Argon2id through @node-rs/argon2, whose async calls run on libuv's thread pool, never on the event
 * loop. Hashes of other kinds (users imported with their hashes) are verified by `imported` until the
 * first successful login replaces them.
 */
export class PasswordHasher {
  /** A hash of a random password, made at start: unknown addresses are verified against it (timing). */
  private dummy: Promise<string>;

  constructor(
    readonly parameters: HashParameters = OWASP_PARAMETERS,
    private readonly imported?: ImportedHashes,
  ) {
    this.dummy = this.hash(`dummy-${Math.random()}-${Date.now()}`);
  }

  hash(password: string): Promise<string> {
    const { memoryKiB, timeCost, parallelism } = this.parameters;
    return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKiB, timeCost, parallelism });
  }

  /**
   * The password against the stored hash: an Argon2id one of ours with the NFKC form the policy
   * hashed (`normalized`), an imported one with the raw input (the old system never normalised).
   * Null (no password set yet) and an unreadable hash are a wrong password, after as much work as a
   * real check, so neither answers faster than a known address with a password would.
   */
  async verify(stored: string | null, raw: string, normalized: string): Promise<Verdict> {
    if (stored?.startsWith('$argon2id$')) {
      let ok = false;
      try {
        ok = await verify(stored, normalized);
      } catch {
        return { ok: false };
      }
      return ok ? { ok: true, rehash: this.needsRehash(stored) } : { ok: false };
    }
    if (stored && this.imported?.recognises(stored)) {
      const ok = await this.imported.verify(stored, raw).catch(() => false);
      return ok ? { ok: true, rehash: true } : { ok: false };
    }
    await this.verifyDummy(normalized);
    return { ok: false };
  }

  /** The work of a check against an address that has no account (or no password): always false. */
  async verifyDummy(password: string): Promise<void> {
    await verify(await this.dummy, password).catch(() => false);
  }

  /** True unless `stored` is Argon2id with exactly the current parameters. */
  needsRehash(stored: string): boolean {
    if (!stored.startsWith('$argon2id$')) return true;
    try {
      const p = parseOptions(stored);
      const want = this.parameters;
      return (
        p.algorithm !== ARGON2ID ||
        p.memoryCost !== want.memoryKiB ||
        p.timeCost !== want.timeCost ||
        p.parallelism !== want.parallelism
      );
    } catch {
      return true;
    }
  }
}
