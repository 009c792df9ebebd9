import { canonicalPath } from './canonical-path';

describe('canonicalPath', () => {
  it('decodes unreserved escapes once and upper-cases the rest', () => {
    expect(canonicalPath('/app/%61dmin/x')).toBe('/app/admin/x');
    expect(canonicalPath('/app/%41%2d%5f%7e%2E')).toBe('/app/A-_~.');
    expect(canonicalPath('/files/My%20doc%3f')).toBe('/files/My%20doc%3F');
    expect(canonicalPath('/app/admin/')).toBe('/app/admin/');
    expect(canonicalPath('/')).toBe('/');
  });

  it.each([
    ['/app/admin;x/y'],
    ['/app/admin%3bx/y'],
    ['/app/admin%3Bx/y'],
    ['/app//admin/x'],
    ['//app/admin'],
    ['/app/%2fadmin'],
    ['/app%2Fadmin'],
    ['/app/%5cadmin'],
    ['/app\\admin'],
    ['/app/./admin'],
    ['/app/../admin'],
    ['/app/%2e%2e/admin'],
    ['/app/.%2E/admin'],
    ['/app/%2E/admin'],
    ['/app/..'],
    ['/app/%2561dmin'],
    ['/app/%252e%252e/admin'],
    ['/app/%00admin'],
    ['/app/%0aadmin'],
    ['/app/%7f'],
    ['/app/%zzadmin'],
    ['/app/%4'],
    ['/app/%'],
    ['app/admin'],
    ['/app/\u0000'],
    ['/app/x#frag'],
  ])('refuses the ambiguous path %s', (raw) => {
    expect(canonicalPath(raw)).toBeUndefined();
  });
});
