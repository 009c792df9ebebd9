import { allowedRedirect } from './redirect';

const OWN = 'http://127.0.0.1:8080';

describe('allowedRedirect', () => {
  it.each([
    ['http://127.0.0.1:8080/app', 'http://127.0.0.1:8080/app'],
    ['/dashboard?x=1', 'http://127.0.0.1:8080/dashboard?x=1'],
    ['https://app.example.com/after', 'https://app.example.com/after'],
    ['https://APP.example.com:8443/x', 'https://app.example.com:8443/x'],
  ])('follows %s', (from, expected) => {
    expect(allowedRedirect(from, OWN, ['app.example.com'])).toBe(expected);
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://127.0.0.1:9999/other-port',
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
