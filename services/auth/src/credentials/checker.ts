/**
 * Decides a direct login: true when `password` is right for `user`. go-pkgz's CredChecker; `password`
 * is whatever the client sent (a password or a hash it prepared). Throws when it cannot decide (a store
 * or hook is down): the login then fails, it never succeeds.
 */
export type CredentialChecker = (user: string, password: string) => Promise<boolean>;
