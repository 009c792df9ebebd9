import { randomFillSync } from 'node:crypto';

// Random bytes for tokens (jti, OAuth state) come from one buffer refilled 4 KiB at a time: a
// randomBytes call costs 10 µs or more of CPU here, where a copy out of the pool costs well under one,
// and a login takes several (issue 36). Each byte is handed out once.
const pool = Buffer.allocUnsafe(4096);
let used = pool.length;

/** `size` fresh random bytes (at most 4096), from the pool above. */
export function pooledRandomBytes(size: number): Buffer {
  if (!(size > 0 && size <= pool.length)) throw new RangeError(`pooledRandomBytes takes 1 to ${pool.length} bytes`);
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}
