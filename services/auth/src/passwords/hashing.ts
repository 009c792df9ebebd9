import os from 'node:os';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { isAbandoned, passwordErrors } from './errors';
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

/**
 * How many hashes run at once by default: one per core this process may use, and no more than libuv's
 * pool has threads (UV_THREADPOOL_SIZE, 4 by default), which the file system and DNS share. A
 * memory-hard hash costs more CPU when more of them than cores share the caches: on a 2-core VM, 8
 * verifies queued 2 at a time cost 9.9–10.6 ms of CPU each and finished sooner (5.3–5.8 ms apart) than
 * the same 8 on libuv's 4 threads (12.5–13.0 ms, 6.5–6.7 ms apart; 2026-11-29).
 */
export function defaultHashConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism(), pool));
}

/** `algorithm` of @node-rs/argon2: its enum is an ambient const enum, unusable under isolatedModules. */
const ARGON2ID = 2;

/** A failed check is a wrong password; a check abandoned by its caller is passed on as it is. */
function unlessAbandoned(err: unknown): false {
  if (isAbandoned(err)) throw err;
  return false;
}

/** What a stored hash said about a password. `rehash`: right, and the hash should be made again now. */
export type Verdict = { ok: false } | { ok: true; rehash: boolean };

/**
 * Argon2id through @node-rs/argon2, whose async calls run on libuv's thread pool, never on the event
 * loop, at most `concurrency` at once (AUTH_PASSWORD_HASH_CONCURRENCY; the rest wait their turn here,
 * known and unknown addresses alike). Hashes of other kinds (users imported with their hashes) are
 * verified by `imported` until the first successful login replaces them.
 */
export class PasswordHasher {
  /** A hash of a random password, made at start: unknown addresses are verified against it (timing). */
  private dummy: Promise<string>;
  private readonly turn: pLimit.Limit;

  constructor(
    readonly parameters: HashParameters = OWASP_PARAMETERS,
    private readonly imported?: ImportedHashes,
    readonly concurrency = defaultHashConcurrency(),
  ) {
    this.turn = pLimit(concurrency);
    this.dummy = this.hash(`dummy-${Math.random()}-${Date.now()}`);
  }

  hash(password: string): Promise<string> {
    const { memoryKiB, timeCost, parallelism } = this.parameters;
    return this.turn(() => hash(password, { algorithm: ARGON2ID, memoryCost: memoryKiB, timeCost, parallelism }));
  }

  /**
   * `work` in its turn, unless the caller gave up (`signal`) while it waited: a check nobody will read
   * the answer of is not computed, so a flood's backlog drains instead of costing a hash for each
   * request already answered with a timeout. Rejects with passwordErrors.abandoned() then.
   */
  private inTurn<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return this.turn(() => {
      if (signal?.aborted) throw passwordErrors.abandoned();
      return work();
    });
  }

  /**
   * The password against the stored hash: an Argon2id one of ours with the NFKC form the policy
   * hashed (`normalized`), an imported one with the raw input (the old system never normalised).
   * Null (no password set yet) and an unreadable hash are a wrong password, after as much work as a
   * real check, so neither answers faster than a known address with a password would.
   */
  async verify(stored: string | null, raw: string, normalized: string, signal?: AbortSignal): Promise<Verdict> {
    if (stored?.startsWith('$argon2id$')) {
      const ok = await this.inTurn(() => verify(stored, normalized), signal).catch(unlessAbandoned);
      return ok ? { ok: true, rehash: this.needsRehash(stored) } : { ok: false };
    }
    if (stored && this.imported?.recognises(stored)) {
      const imported = this.imported;
      const ok = await this.inTurn(() => imported.verify(stored, raw), signal).catch(unlessAbandoned);
      return ok ? { ok: true, rehash: true } : { ok: false };
    }
    await this.verifyDummy(normalized, signal);
    return { ok: false };
  }

  /** The work of a check against an address that has no account (or no password): always false. */
  async verifyDummy(password: string, signal?: AbortSignal): Promise<void> {
    const dummy = await this.dummy;
    await this.inTurn(() => verify(dummy, password), signal).catch(unlessAbandoned);
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
