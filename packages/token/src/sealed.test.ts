import { randomBytes } from 'node:crypto';
import { RecordSeal } from './sealed';

describe('RecordSeal (AES-256-GCM records for shared stores)', () => {
  const key = randomBytes(32);
  const seal = new RecordSeal(key);

  it('opens what it sealed for the same context, and nothing else', () => {
    const sealed = seal.seal({ user: 'dev_1', n: 1 }, 'pending:a');
    expect(seal.open(sealed, 'pending:a')).toEqual({ user: 'dev_1', n: 1 });
    // Copied to another record's place.
    expect(seal.open(sealed, 'pending:b')).toBeUndefined();
    // Written in the clear, as someone with only the store would write it.
    expect(seal.open(JSON.stringify({ user: 'dev_1' }), 'pending:a')).toBeUndefined();
    expect(seal.open('v1.', 'pending:a')).toBeUndefined();
    // One bit changed anywhere.
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 14, raw.length - 1]) {
      const flipped = Buffer.from(raw);
      flipped[at] = (flipped[at] as number) ^ 1;
      expect(seal.open(`v1.${flipped.toString('base64url')}`, 'pending:a')).toBeUndefined();
    }
    // Another key's record.
    expect(new RecordSeal(randomBytes(32)).open(sealed, 'pending:a')).toBeUndefined();
  });

  it('keeps opening records of a retired key; derived keys differ by purpose', () => {
    const next = new RecordSeal(randomBytes(32), [key]);
    expect(next.open(seal.seal(7, 'c'), 'c')).toBe(7);
    expect(RecordSeal.derive('secret', 'a').equals(RecordSeal.derive('secret', 'a'))).toBe(true);
    expect(RecordSeal.derive('secret', 'a').equals(RecordSeal.derive('secret', 'b'))).toBe(false);
    expect(() => new RecordSeal(randomBytes(16))).toThrow(/32 bytes/);
  });
});
