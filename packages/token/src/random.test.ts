import { pooledRandomBytes } from './random';

describe('pooledRandomBytes', () => {
  it('hands out each byte once, across refills, in copies the pool does not change later', () => {
    const first = pooledRandomBytes(32);
    const copy = Buffer.from(first);
    const seen = new Set<string>([first.toString('hex')]);
    // More than a pool's worth, so it refills on the way.
    for (let i = 0; i < 400; i++) seen.add(pooledRandomBytes(32).toString('hex'));
    expect(seen.size).toBe(401);
    expect(first.equals(copy)).toBe(true);
    expect(pooledRandomBytes(4096)).toHaveLength(4096);
  });

  it('takes 1 to 4096 bytes', () => {
    for (const size of [0, -1, 4097, Number.NaN]) expect(() => pooledRandomBytes(size)).toThrow(RangeError);
  });
});
