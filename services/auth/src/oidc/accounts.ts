import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { takeUser, type UserRow } from './read-ahead';

/** The user's columns an account is made of (read ahead with a token too: adapter.ts). */
export const USER_COLUMNS = ['id', 'name', 'email', 'email_verified_by', 'status'] as const;

/** A directory user as the provider shows them to relying parties (standard claims). */
export interface OidcAccount {
  sub: string;
  name: string;
  picture: string;
  email: string | undefined;
  emailVerified: boolean;
}

/**
 * The provider's accounts are the directory's users (docs/accounts.md): `sub` is the user id the
 * gateway's sessions carry. A blocked or erased user is no account: oidc-provider then refuses every
 * code and refresh of theirs (invalid_grant), whatever grant they had.
 */
export class OidcAccounts {
  constructor(
    private readonly deps: {
      pool: Pool;
      /** AUTH_URL and AUTH_AVATAR_ROUTE_PATH: the picture is the avatar the gateway serves. */
      baseUrl: string;
      avatarRoutePath: string;
    },
  ) {}

  async find(sub: string): Promise<OidcAccount | undefined> {
    const user = takeUser(sub)?.value ?? (await this.read(sub));
    if (user?.status !== 'active') return undefined;
    const avatar = `${createHash('sha1').update(user.id).digest('hex')}.image`;
    return {
      sub: user.id,
      name: user.name,
      picture: `${this.deps.baseUrl}${this.deps.avatarRoutePath}/${avatar}`,
      email: user.email ?? undefined,
      emailVerified: user.email_verified_by !== null,
    };
  }

  private async read(sub: string): Promise<UserRow | undefined> {
    const { rows } = await this.deps.pool.query<UserRow>({
      name: 'oidc-account',
      text: `SELECT ${USER_COLUMNS.join(', ')} FROM users WHERE id = $1`,
      values: [sub],
    });
    return rows[0];
  }

  /** Whether `sub` is a user an admin blocked (the interaction's page says so, rather than "log in"). */
  async blocked(sub: string): Promise<boolean> {
    const { rows } = await this.deps.pool.query<{ status: string }>({
      name: 'oidc-account-status',
      text: 'SELECT status FROM users WHERE id = $1',
      values: [sub],
    });
    return rows[0]?.status === 'blocked';
  }
}
