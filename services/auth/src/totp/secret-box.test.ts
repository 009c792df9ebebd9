import { randomBytes } from 'node:crypto';
import { keyId, parseKey, SecretBox } from './secret-box';

const key = () => randomBytes(32);

describe('SecretBox (AES-256-GCM under AUTH_TOTP_KEY)', () => {
  it('seals and opens a secret for its user only', () => {
    const box = new SecretBox(key());
    const secret = randomBytes(20);
    const sealed = box.seal(secret, 'dev_alice');
    expect(sealed.data.length).toBe(12 + 20 + 16);
    expect(sealed.data.includes(secret)).toBe(false);
    expect(box.open(sealed, 'dev_alice').equals(secret)).toBe(true);
    // The user id is authenticated data: a row copied to another user does not open.
    expect(() => box.open(sealed, 'dev_mallory')).toThrow();
    // Two seals of one secret differ (fresh IV each time).
    expect(box.seal(secret, 'dev_alice').data.equals(sealed.data)).toBe(false);
  });

  it('refuses altered data and unknown keys', () => {
    const box = new SecretBox(key());
    const sealed = box.seal(Buffer.from('secret'), 'u');
    const flipped = Buffer.from(sealed.data);
    flipped[14] = (flipped[14] as number) ^ 1;
    expect(() => box.open({ ...sealed, data: flipped }, 'u')).toThrow();
    expect(() => box.open({ ...sealed, data: sealed.data.subarray(0, 20) }, 'u')).toThrow(/truncated/);
    expect(() => new SecretBox(key()).open(sealed, 'u')).toThrow(/not configured/);
  });

  it('opens what a retired key sealed and asks for a reseal with the current one', () => {
    const old = key();
    const sealed = new SecretBox(old).seal(Buffer.from('s3cret'), 'u');
    const rotated = new SecretBox(key(), [old]);
    expect(rotated.open(sealed, 'u').toString()).toBe('s3cret');
    expect(rotated.needsReseal(sealed)).toBe(true);
    const resealed = rotated.seal(Buffer.from('s3cret'), 'u');
    expect(rotated.needsReseal(resealed)).toBe(false);
    expect(resealed.keyId).not.toBe(keyId(old));
  });

  it('parses only 64 hex characters as a key', () => {
    expect(parseKey('ab'.repeat(32)).length).toBe(32);
    expect(() => parseKey('ab'.repeat(31))).toThrow(/64 hex/);
    expect(() => parseKey('zz'.repeat(32))).toThrow(/64 hex/);
  });
});
