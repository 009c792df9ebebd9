import { loadGatewayConfig } from '../config';

// The attempt limits themselves are tested with the limiter (packages/redis) and end to end
// (gateway/test/admin-basic.test.ts).
describe('AUTH_ADMIN_PASSWD', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };
  it('is refused at start when shorter than 12 characters', () => {
    expect(() => loadGatewayConfig({ ...base, AUTH_ADMIN_PASSWD: 'short-pass1' })).toThrow(/AUTH_ADMIN_PASSWD.*12/);
    expect(loadGatewayConfig({ ...base, AUTH_ADMIN_PASSWD: 'long-enough-1' }).adminPassword).toBe('long-enough-1');
  });

  it('needs REDIS_URL beyond loopback, so every gateway counts failures together', () => {
    const wide = { ...base, AUTH_ADMIN_PASSWD: 'long-enough-1', GATEWAY_HOST: '0.0.0.0' };
    expect(() => loadGatewayConfig(wide)).toThrow(/REDIS_URL: required with AUTH_ADMIN_PASSWD/);
    expect(loadGatewayConfig({ ...wide, REDIS_URL: 'redis://redis:6379' }).redis.url).toBe('redis://redis:6379');
    expect(loadGatewayConfig({ ...base, AUTH_ADMIN_PASSWD: 'long-enough-1' }).redis.url).toBeUndefined();
  });
});
