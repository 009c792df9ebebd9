// Argon2id hashing of password accounts: PHC strings with the parameters asked for, NFKC form verified
// for our hashes and the raw input for imported ones, a rehash asked for when the parameters differ or
// the hash is not ours, and a false answer (after a dummy verification) for no hash at all.

import os from 'node:os';
import { defaultHashConcurrency, OWASP_PARAMETERS, PasswordHasher } from './hashing';
import { importedHashes } from './imported-hashes';

const cheap = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

test('hashes with the parameters asked for, OWASP by default', async () => {
  const owasp = await new PasswordHasher().hash('a password');
  expect(owasp).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  expect(OWASP_PARAMETERS).toEqual({ memoryKiB: 19456, timeCost: 2, parallelism: 1 });
  expect(await new PasswordHasher(cheap).hash('a password')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
});

test('verifies its own hashes against the NFKC form, and asks for a rehash when the parameters changed', async () => {
  const old = new PasswordHasher(cheap);
  // "ﬁ" (U+FB01) is "fi" under NFKC: what was hashed is the normalised form.
  const stored = await old.hash('ﬁne password'.normalize('NFKC'));
  expect(await old.verify(stored, 'ﬁne password', 'ﬁne password'.normalize('NFKC'))).toEqual({
    ok: true,
    rehash: false,
  });
  expect(await old.verify(stored, 'other', 'other')).toEqual({ ok: false });
  const today = new PasswordHasher({ ...cheap, timeCost: 2 });
  expect(await today.verify(stored, 'fine password', 'fine password')).toEqual({ ok: true, rehash: true });
  expect(today.needsRehash(stored)).toBe(true);
  expect(old.needsRehash(stored)).toBe(false);
  expect(today.needsRehash('$2b$04$abcdefghijklmnopqrstuu')).toBe(true);
});

test('no hash, an unreadable one or an unknown kind is a wrong password', async () => {
  const hasher = new PasswordHasher(cheap);
  expect(await hasher.verify(null, 'x', 'x')).toEqual({ ok: false });
  expect(await hasher.verify('$argon2id$garbage', 'x', 'x')).toEqual({ ok: false });
  expect(await hasher.verify('$md5$whatever', 'x', 'x')).toEqual({ ok: false });
});

test('verifies imported hashes with the raw input and always asks for a rehash', async () => {
  const hasher = new PasswordHasher(cheap, importedHashes());
  // passlib's pbkdf2-sha256 of "password" (1000 rounds), byte-exact.
  const pbkdf2 = '$pbkdf2-sha256$1000$c2FsdHNhbHRzYWx0c2FsdA$8nX7hwFEzIB8aPajJTYK8weHQc5Ngz0pFVAKvSu4jQA';
  expect(await hasher.verify(pbkdf2, 'password', 'password')).toEqual({ ok: true, rehash: true });
  expect(await hasher.verify(pbkdf2, 'Password', 'Password')).toEqual({ ok: false });
  // Without the imported kinds, the same string is no password at all.
  expect(await new PasswordHasher(cheap).verify(pbkdf2, 'password', 'password')).toEqual({ ok: false });
});

test('runs at most `concurrency` hashes at once, one per core by default (at most libuv pool threads)', async () => {
  // An imported kind of our own that counts the checks running at once: each waits a moment.
  let running = 0;
  let most = 0;
  const counting = {
    recognises: (stored: string) => stored.startsWith('$counted$'),
    async verify() {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return true;
    },
  };
  const two = new PasswordHasher(cheap, counting, 2);
  const verdicts = await Promise.all(Array.from({ length: 6 }, () => two.verify('$counted$x', 'p', 'p')));
  expect(verdicts).toEqual(Array(6).fill({ ok: true, rehash: true }));
  expect(most).toBe(2);
  most = 0;
  await Promise.all(
    Array.from({ length: 3 }, () => new PasswordHasher(cheap, counting, 1).verify('$counted$x', 'p', 'p')),
  );
  expect(most).toBe(3); // three hashers: each its own turn
  most = 0;
  const one = new PasswordHasher(cheap, counting, 1);
  await Promise.all(Array.from({ length: 3 }, () => one.verify('$counted$x', 'p', 'p')));
  expect(most).toBe(1);
  const cores = Math.min(os.availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE) || 4);
  expect(defaultHashConcurrency()).toBe(cores);
  expect(new PasswordHasher(cheap).concurrency).toBe(cores);
});

test('a check whose caller gave up while it waited for its turn is not computed, and says so', async () => {
  let ran = 0;
  const slow = {
    recognises: (stored: string) => stored.startsWith('$slow$'),
    async verify() {
      ran++;
      await new Promise((r) => setTimeout(r, 30));
      return true;
    },
  };
  const hasher = new PasswordHasher(cheap, slow, 1);
  const first = hasher.verify('$slow$x', 'p', 'p');
  const gone = new AbortController();
  const waiting = hasher.verify('$slow$x', 'p', 'p', gone.signal);
  const unknown = hasher.verify(null, 'p', 'p', gone.signal);
  gone.abort();
  expect(await first).toEqual({ ok: true, rehash: true });
  await expect(waiting).rejects.toMatchObject({ code: 'PASSWORD_CHECK_ABANDONED', kind: 'deadline_exceeded' });
  // An unknown address's dummy check is skipped the same way: no answer tells the two apart.
  await expect(unknown).rejects.toMatchObject({ code: 'PASSWORD_CHECK_ABANDONED' });
  expect(ran).toBe(1);
  // A signal that stays quiet changes nothing.
  expect(await hasher.verify('$slow$x', 'p', 'p', new AbortController().signal)).toEqual({ ok: true, rehash: true });
});
