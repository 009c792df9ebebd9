import { isAdminUser } from './admin-caller';

// Who is an admin user (issue 33); the session conditions every admin user meets (a cookie session, TOTP
// at login, a login at most 15 minutes old) are tested end to end in gateway/test/admin-api.test.ts.
describe('isAdminUser', () => {
  const user = (id: string, role?: string) => ({ id, name: id, picture: '', ...(role === undefined ? {} : { role }) });

  it('is a user of AUTH_ADMIN_USERS, whatever their role', () => {
    expect(isAdminUser(user('dev_root'), ['dev_root'])).toBe(true);
    expect(isAdminUser(user('dev_root', 'viewer'), ['dev_root'])).toBe(true);
  });

  it("is a user whose token's role claim is admin, in any case", () => {
    for (const role of ['admin', 'Admin', 'ADMIN']) expect(isAdminUser(user('dev_ann', role), [])).toBe(true);
  });

  it('is nobody else: another role, a look-alike, no role, no user', () => {
    for (const role of ['editor', 'admins', ' admin', 'administrator', '']) {
      expect(isAdminUser(user('dev_ann', role), ['dev_root'])).toBe(false);
    }
    expect(isAdminUser(user('dev_ann'), ['dev_root'])).toBe(false);
    expect(isAdminUser(undefined, ['dev_root'])).toBe(false);
    expect(isAdminUser(user('', 'admin'), [])).toBe(false);
  });
});
