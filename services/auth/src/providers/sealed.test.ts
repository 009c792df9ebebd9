import { randomBytes } from 'node:crypto';
import { Sealer } from './sealed';

describe('Sealer', () => {
  const key = randomBytes(32);
  let now = 1_800_000_000_000;
  const sealer = new Sealer(key, () => now);

  it('opens what it sealed, for the same purpose, until it expires', () => {
    const sealed = sealer.seal('code', 60, { u: 'alice', c: 'challenge' });
    expect(sealer.open('code', sealed)).toMatchObject({ u: 'alice', c: 'challenge', exp: now / 1000 + 60 });
    expect(typeof sealer.open('code', sealed)?.jti).toBe('string');
    // Another replica with the same key reads it too.
    expect(new Sealer(Buffer.from(key), () => now).open('code', sealed)).toMatchObject({ u: 'alice' });
    now += 60_000;
    expect(sealer.open('code', sealed)).toBeUndefined();
    now -= 60_000;
  });

  it('gives every value its own jti and nonce', () => {
    const a = sealer.seal('code', 60, { u: 'alice' });
    const b = sealer.seal('code', 60, { u: 'alice' });
    expect(a).not.toBe(b);
    expect(sealer.open('code', a)?.jti).not.toBe(sealer.open('code', b)?.jti);
  });

  it('refuses another purpose, another key, any altered byte and junk', () => {
    const sealed = sealer.seal('code', 60, { u: 'alice' });
    expect(sealer.open('token', sealed)).toBeUndefined();
    expect(new Sealer(randomBytes(32), () => now).open('code', sealed)).toBeUndefined();
    const raw = Buffer.from(sealed, 'base64url');
    for (let i = 0; i < raw.length; i += 7) {
      const altered = Buffer.from(raw);
      altered[i] = (altered[i] as number) ^ 1;
      expect(sealer.open('code', altered.toString('base64url'))).toBeUndefined();
    }
    for (const junk of ['', 'x', 'A'.repeat(40), 'A'.repeat(3000), `${sealed}.${sealed}`]) {
      expect(sealer.open('code', junk)).toBeUndefined();
    }
  });

  it('takes only a 32-byte key', () => {
    expect(() => new Sealer(randomBytes(16))).toThrow('32 bytes');
  });
});
