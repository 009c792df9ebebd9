// What a password account is, as the store and the flows speak of it (009_passwords.sql).

/** The provider name of password identities (`password_<sha1(lower(email))>`, 009_passwords.sql). */
export const PASSWORD_PROVIDER = 'password';

export type PasswordSource = 'signup' | 'import' | 'admin';
export type TokenPurpose = 'verify' | 'reset' | 'email_change' | 'invite';

/** A password account as the flows read it: its row of `passwords` and its user's standing. */
export interface PasswordAccount {
  identityId: string;
  userId: string;
  email: string;
  emailVerified: boolean;
  /** Null: no password yet (an invitation, an import without a hash). */
  hash: string | null;
  name: string;
  blocked: boolean;
  /** When the avatar service last stored the user's identicon (013_password_pictures.sql); null: never. */
  pictureStoredAt: Date | null;
}

export interface NewPasswordUser {
  email: string;
  name: string;
  hash: string | null;
  source: PasswordSource;
  emailVerified: boolean;
  /** Who made it: the user themself (signup), or the admin named here. */
  admin?: string;
}

/** Who acted on an account: its user, or an admin (the admin API). */
export type Actor = { kind: 'user' } | { kind: 'admin'; id: string };
