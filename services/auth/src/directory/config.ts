// The directory's settings read with the rest of auth's (config.ts): which providers a login may link
// to an existing user by a verified email address (AUTH_LINK_BY_EMAIL).
import type { ProviderConfig } from '../providers/config';

/**
 * AUTH_LINK_BY_EMAIL names configured OpenID Connect providers only: they alone pass on the ID token's
 * email_verified. Dev, direct, verified, login handlers and the OAuth2 catalogue never assert it, so
 * listing one would promise a link that never happens.
 */
export function linkByEmailProblems(
  names: string[],
  providers: ProviderConfig[],
  dev: boolean,
  databaseUrl: string | undefined,
): string[] {
  if (names.length === 0) return [];
  if (!databaseUrl) return ['AUTH_LINK_BY_EMAIL: needs DATABASE_URL (the user directory lives there)'];
  const oauth = new Set(providers.filter((p) => p.type === 'oidc').map((p) => p.name));
  return names
    .filter((n) => !oauth.has(n))
    .map((n) =>
      n === 'dev' && dev
        ? 'AUTH_LINK_BY_EMAIL: dev never asserts email_verified and cannot be trusted to link by email'
        : `AUTH_LINK_BY_EMAIL: ${n} is not a configured OpenID Connect provider (type oidc)`,
    );
}
