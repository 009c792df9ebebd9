// The password policy (NIST SP 800-63B): length in code points after NFKC, no composition rules, the
// bundled common list in any case, and a breached-password service (the stand-in on loopback) when one
// is configured, asked only about passwords that passed every local rule.
import { Writable } from 'node:stream';
import { createLogger } from '@gatehouse/logger';
import { BreachedPasswordsServer } from '@gatehouse/test-kit/breached-passwords';
import { breachedPasswordCheck } from './breached';
import { CommonPasswords, commonPasswords } from './common-passwords';
import { codePoints, PasswordPolicy } from './policy';

const log = createLogger({ name: 'auth', destination: new Writable({ write: (_c, _e, done) => done() }) });

describe('password policy', () => {
  const policy = new PasswordPolicy();

  it('bundles the 10,000 most common passwords and finds them in any case or width', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(9_900);
    for (const p of ['password', 'PASSWORD', 'Password', 'qwertyuiop', 'ｐａｓｓｗｏｒｄ', 'iloveyou'])
      expect(list.has(p)).toBe(true);
    expect(list.has('a quiet orchard at dusk')).toBe(false);
  });

  it('accepts any long enough password, with no composition rules, and hashes its NFKC form', async () => {
    expect(await policy.check('lowercase only here')).toEqual({ ok: true, normalized: 'lowercase only here' });
    expect(await policy.check('ﬁve ﬁsh swim')).toEqual({ ok: true, normalized: 'five fish swim' });
    expect(await policy.check('cafe\u0301 au lait')).toEqual({ ok: true, normalized: 'café au lait' });
    const long = 'a long passphrase that goes on '.repeat(4);
    expect(codePoints(long)).toBeGreaterThan(64);
    expect(await policy.check(long)).toEqual({ ok: true, normalized: long });
  });

  it('counts code points: 8 emoji are 8 characters, 7 are too few', async () => {
    // 14 UTF-16 units, 7 code points.
    expect(await policy.check('🐴🔋📎🐴🔋📎🐴')).toMatchObject({ ok: false });
    expect(await policy.check('🐴🔋📎🐴🔋📎🐴🔋')).toMatchObject({ ok: true });
    expect(await policy.check('short')).toEqual({
      ok: false,
      error: 'Use at least 8 characters; a longer passphrase is easier to remember.',
    });
    expect(await policy.check('')).toEqual({ ok: false, error: 'Enter a password.' });
    expect(await policy.check('x'.repeat(1025))).toEqual({ ok: false, error: 'Use at most 1024 characters.' });
  });

  it('refuses a common password in words a user can act on', async () => {
    for (const p of ['password1', 'Password1', 'QWERTYUIOP', 'iloveyou', 'baseball']) {
      expect(await policy.check(p)).toEqual({
        ok: false,
        error: 'This password is too common; choose another (a few unrelated words work well).',
      });
    }
  });

  it('refuses a breached password, asking the service only about the ones that passed the local rules', async () => {
    const server = await new BreachedPasswordsServer(['a breached one, sadly', 'password1']).start();
    try {
      const breached = breachedPasswordCheck({ url: server.url, timeoutMs: 2000, log });
      const withService = new PasswordPolicy({ breached });
      expect(await withService.check('a breached one, sadly')).toEqual({
        ok: false,
        error: expect.stringContaining('appears in a data breach'),
      });
      expect(await withService.check('password1')).toMatchObject({ error: expect.stringContaining('too common') });
      expect(await withService.check('short')).toMatchObject({ ok: false });
      expect(await withService.check('not in any breach yet')).toMatchObject({ ok: true });
      expect(server.requests).toHaveLength(2);
      // The service down: the password is let through (fails open).
      server.mode = 'fail';
      expect(await withService.check('a breached one, sadly')).toMatchObject({ ok: true });
    } finally {
      await server.close();
    }
  });

  it('takes its own list and bounds, and refuses bounds under NIST', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/policy-');
    writeFileSync(`${dir}/list.txt`, 'Gatehouse2026\n\n');
    const own = new PasswordPolicy({ common: CommonPasswords.load(`${dir}/list.txt`), minLength: 12, maxLength: 64 });
    expect(await own.check('gatehouse2026')).toMatchObject({ error: expect.stringContaining('too common') });
    expect(await own.check('elevenchars')).toMatchObject({ error: expect.stringContaining('at least 12') });
    expect(() => new PasswordPolicy({ minLength: 6 })).toThrow();
    expect(() => new PasswordPolicy({ maxLength: 32 })).toThrow();
  });
});
