import { parseDuration } from './duration';
import { ConfigError, duration, flag, list, validateConfig, z } from './index';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['24h', 86_400_000],
    ['31d', 2_678_400_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
  ])('reads %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '15', 'm', '15 minutes', '1.5h', '-1m', '15m!'])('refuses %p', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('validateConfig', () => {
  const schema = z.object({
    TTL: duration('15m'),
    ON: flag(false),
    HOSTS: list(),
    PORT: z.coerce.number().int(),
  });

  it('applies defaults and converts', () => {
    expect(validateConfig('test', schema, { PORT: '80', HOSTS: 'a, b,,c' })).toEqual({
      TTL: 900_000,
      ON: false,
      HOSTS: ['a', 'b', 'c'],
      PORT: 80,
    });
  });

  it('lists every problem in one error', () => {
    let caught: unknown;
    try {
      validateConfig('test', schema, { TTL: 'soon', ON: 'maybe', PORT: 'x' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message).toContain('TTL: "soon" is not a duration');
    expect(message).toContain('ON: "maybe" is not a boolean');
    expect(message).toContain('PORT:');
  });
});
