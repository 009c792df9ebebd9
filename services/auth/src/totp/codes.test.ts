import { Secret, TOTP } from 'otpauth';
import {
  base32,
  codeAt,
  findHash,
  hashRecoveryCode,
  matchStep,
  newRecoveryCodes,
  newSecret,
  normalizeCode,
  normalizeRecoveryCode,
  otpauthUri,
} from './codes';

// RFC 6238 Appendix B: the SHA-1 test secret "12345678901234567890" and its 8-digit values; 6 digits are their tail.
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP codes (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('matches the RFC 6238 test vectors', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(codeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts one step of drift either way and says which step the code was for', () => {
    const secret = newSecret();
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchStep(secret, codeAt(secret, now - 60_000), now)).toBeUndefined();
    expect(matchStep(secret, codeAt(secret, now + 60_000), now)).toBeUndefined();
  });

  it('gives a 160-bit secret and a URI authenticator apps read', () => {
    const secret = newSecret();
    expect(secret.length).toBe(20);
    const uri = otpauthUri(secret, 'Gatehouse', 'alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Gatehouse:alice\?/);
    const parsed = new URL(uri);
    expect(parsed.searchParams.get('secret')).toBe(base32(secret));
    expect(parsed.searchParams.get('issuer')).toBe('Gatehouse');
    // Another implementation computes the same code from the base32 secret.
    const other = new TOTP({ secret: Secret.fromBase32(base32(secret)) });
    expect(other.generate({ timestamp: 5_000 })).toBe(codeAt(secret, 5_000));
  });

  it('reads codes as typed and refuses anything else', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    expect(normalizeCode('12345')).toBeUndefined();
    expect(normalizeCode('1234567')).toBeUndefined();
    expect(normalizeCode('12345a')).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('makes 10 distinct codes of 60 bits, normalized as typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const first = codes[0] as string;
    expect(normalizeRecoveryCode(first.toUpperCase().replace(/-/g, ' '))).toBe(first.replace(/-/g, ''));
    expect(normalizeRecoveryCode('abcd-efgh-jkm')).toBeUndefined();
    expect(normalizeRecoveryCode('abcd-efgh-jk1l')).toBeUndefined(); // look-alikes are not in the alphabet
  });

  it('hashes per user and finds a hash in constant time over all', () => {
    const a = hashRecoveryCode('dev_a', 'abcdefghjkmn');
    expect(a.equals(hashRecoveryCode('dev_b', 'abcdefghjkmn'))).toBe(false);
    const stored = [hashRecoveryCode('dev_a', 'x'), a, hashRecoveryCode('dev_a', 'y')];
    expect(findHash(a, stored)).toBe(1);
    expect(findHash(hashRecoveryCode('dev_a', 'z'), stored)).toBe(-1);
  });
});
