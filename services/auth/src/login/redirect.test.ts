import { allowedRedirect } from './redirect';

const OWN = 'http://127.0.0.1:8080';

describe('allowedRedirect', () => {
  it.each([
    ['http://127.0.0.1:8080/app', 'http://127.0.0.1:8080/app'],
    ['/dashboard?x=1', 'http://127.0.0.1:8080/dashboard?x=1'],
    ['https://app.example.com/after', 'https://app.example.com/after'],
    ['https://APP.example.com/x', 'https://app.example.com/x'],
    ['http://app.example.com/dev', 'http://app.example.com/dev'], // AUTH_URL is http: development
  ])('follows %s', (from, expected) => {
    expect(allowedRedirect(from, OWN, ['app.example.com'])).toBe(expected);
  });

  it('lets an entry fix the scheme and the port', () => {
    const hosts = ['https://secure.example.com', 'ports.example.com:8443', 'http://plain.example.com:81'];
    expect(allowedRedirect('https://secure.example.com/a', OWN, hosts)).toBe('https://secure.example.com/a');
    expect(allowedRedirect('http://secure.example.com/a', OWN, hosts)).toBeUndefined();
    expect(allowedRedirect('https://secure.example.com:444/a', OWN, hosts)).toBeUndefined();
    expect(allowedRedirect('https://ports.example.com:8443/a', OWN, hosts)).toBe('https://ports.example.com:8443/a');
    expect(allowedRedirect('https://ports.example.com/a', OWN, hosts)).toBeUndefined();
    expect(allowedRedirect('http://plain.example.com:81/a', OWN, hosts)).toBe('http://plain.example.com:81/a');
    expect(allowedRedirect('https://plain.example.com:81/a', OWN, hosts)).toBeUndefined();
  });

  it('under an https AUTH_URL, a bare host means https on port 443 only', () => {
    const own = 'https://auth.example.com';
    expect(allowedRedirect('https://app.example.com/x', own, ['app.example.com'])).toBe('https://app.example.com/x');
    expect(allowedRedirect('http://app.example.com/x', own, ['app.example.com'])).toBeUndefined();
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://127.0.0.1:9999/other-port',
    'http://app.example.com:6666/x',
    'https://app.example.com:8443/x',
    'https://app.example.com.evil.com/',
    'http://user:pw@127.0.0.1:8080/',
  ])('refuses %s', (from) => {
    expect(allowedRedirect(from, OWN, ['app.example.com'])).toBeUndefined();
  });

  it('answers undefined without a from', () => {
    expect(allowedRedirect(undefined, OWN, [])).toBeUndefined();
    expect(allowedRedirect('', OWN, [])).toBeUndefined();
  });
});
