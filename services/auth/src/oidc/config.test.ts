// The OpenID provider's settings (config.ts): the device grant's code lifetime and polling interval.
import { z } from '@gatehouse/config';
import { oidcSettingsShape, resolveOidcSettings } from './config';

function resolve(env: Record<string, string>) {
  const raw = z.object(oidcSettingsShape).parse(env);
  const problems: string[] = [];
  const settings = resolveOidcSettings({ ...raw, DATABASE_URL: 'postgres://db/auth' }, undefined, problems);
  return { settings, problems };
}

describe('the device grant settings', () => {
  it('default to a 10-minute code polled every 5 s, in seconds', () => {
    expect(resolve({}).settings.device).toEqual({ codeTtlS: 600, pollIntervalS: 5 });
    expect(resolve({ AUTH_OIDC_DEVICE_CODE_TTL: '15m', AUTH_OIDC_DEVICE_POLL_INTERVAL: '1s' }).settings.device).toEqual(
      { codeTtlS: 900, pollIntervalS: 1 },
    );
  });

  it('refuse an interval as long as the code lives', () => {
    const { problems } = resolve({ AUTH_OIDC_DEVICE_CODE_TTL: '1m', AUTH_OIDC_DEVICE_POLL_INTERVAL: '60s' });
    expect(problems).toEqual(['AUTH_OIDC_DEVICE_POLL_INTERVAL: must be shorter than AUTH_OIDC_DEVICE_CODE_TTL']);
  });
});
