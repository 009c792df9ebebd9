import { loadGatewayConfig } from '../config';
import { BasicAttempts } from './basic-attempts';

describe('BasicAttempts', () => {
  const limits = { perClient: { limit: 3, windowMs: 60_000 }, perUser: { limit: 5, windowMs: 10_000 } };

  it('refuses a client after its failures until its window ends, and only that client', () => {
    let now = 0;
    const attempts = new BasicAttempts(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(attempts.retryAfter('admin', '10.0.0.1')).toBe(0);
      attempts.failed('admin', '10.0.0.1');
    }
    expect(attempts.retryAfter('admin', '10.0.0.1')).toBe(60);
    expect(attempts.retryAfter('admin', '10.0.0.2')).toBe(0);
    now = 59_500;
    expect(attempts.retryAfter('admin', '10.0.0.1')).toBe(1);
    now = 60_000;
    expect(attempts.retryAfter('admin', '10.0.0.1')).toBe(0);
  });

  it('slows guessing from many clients down for a short window only', () => {
    let now = 0;
    const attempts = new BasicAttempts(limits, () => now);
    for (let i = 0; i < 5; i++) attempts.failed('admin', `10.0.0.${i}`);
    expect(attempts.retryAfter('admin', '192.0.2.7')).toBe(10);
    expect(attempts.retryAfter('someone-else', '192.0.2.7')).toBe(0);
    now = 10_000;
    expect(attempts.retryAfter('admin', '192.0.2.7')).toBe(0);
  });

  it('a success clears the client’s count', () => {
    const attempts = new BasicAttempts(limits, () => 0);
    attempts.failed('admin', 'c');
    attempts.failed('admin', 'c');
    attempts.succeeded('admin', 'c');
    attempts.failed('admin', 'c');
    expect(attempts.retryAfter('admin', 'c')).toBe(0);
  });
});

describe('AUTH_ADMIN_PASSWD', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };
  it('is refused at start when shorter than 12 characters', () => {
    expect(() => loadGatewayConfig({ ...base, AUTH_ADMIN_PASSWD: 'short-pass1' })).toThrow(/AUTH_ADMIN_PASSWD.*12/);
    expect(loadGatewayConfig({ ...base, AUTH_ADMIN_PASSWD: 'long-enough-1' }).adminPassword).toBe('long-enough-1');
  });
});
