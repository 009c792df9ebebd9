import { safeEqual, type User } from './claims';

const BASIC_PREFIX = 'Basic ';

export interface BasicCredentials {
  user: string;
  password: string;
}

/** The built-in basic-auth user of go-pkgz/auth (AdminPasswd), an admin by attrs. */
export const ADMIN_USER: Readonly<User> = { name: 'admin', id: 'admin', picture: '', attrs: { admin: true } };

/** Whether an Authorization header carries basic credentials; nothing is decoded (hot paths ask this). */
export function hasBasicCredentials(authorization: string): boolean {
  return authorization.startsWith(BASIC_PREFIX);
}

/**
 * `Authorization: Basic` credentials, or undefined for any other header. Without a colon the whole
 * decoded text is the user and the password is empty (go's BasicAuth would refuse it; go-pkgz then
 * compares and fails, so the answer is the same).
 */
export function basicCredentials(authorization: string): BasicCredentials | undefined {
  if (!hasBasicCredentials(authorization)) return undefined;
  const decoded = Buffer.from(authorization.slice(BASIC_PREFIX.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0
    ? { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
    : { user: decoded, password: '' };
}

/**
 * Whether the credentials are `admin` with the admin password. Both comparisons always run, in constant
 * time, so timing does not tell which one failed.
 */
export function isAdminLogin(credentials: BasicCredentials, adminPassword: string): boolean {
  const okUser = safeEqual(credentials.user, 'admin');
  const okPassword = safeEqual(credentials.password, adminPassword);
  return okUser && okPassword;
}
