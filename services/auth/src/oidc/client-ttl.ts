/**
 * A client's own token lifetimes (docs/openid-provider.md "Clients"): extra client metadata, in seconds,
 * as Keycloak's per-client "Access Token Lifespan" and "Client Session Idle". `access_token_ttl` replaces
 * AUTH_OIDC_ACCESS_TOKEN_TTL (and a resource's) for the client's access tokens; `refresh_token_ttl`
 * replaces AUTH_OIDC_REFRESH_IDLE, still never past AUTH_OIDC_REFRESH_ABSOLUTE. The bounds are fixed,
 * not taken from the settings: a setting changed later must not make a stored client invalid.
 */
export const CLIENT_TTL_NAMES = ['access_token_ttl', 'refresh_token_ttl'] as const;
export type ClientTtlName = (typeof CLIENT_TTL_NAMES)[number];

const BOUNDS: Record<ClientTtlName, { min: number; max: number; most: string }> = {
  access_token_ttl: { min: 60, max: 86_400, most: '86400 (a day)' },
  refresh_token_ttl: { min: 60, max: 365 * 86_400, most: '31536000 (a year)' },
};

/** What is wrong with `value` as the client metadata `key`, or null (also for names that are no lifetime). */
export function clientTtlProblem(key: string, value: unknown): string | null {
  const bounds = BOUNDS[key as ClientTtlName];
  if (!bounds || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < bounds.min || value > bounds.max)
    return `${key} must be a whole number of seconds from ${bounds.min} to ${bounds.most}`;
  return null;
}

/** The client's own lifetime `key`, when it has one. */
export function clientTtl(client: unknown, key: ClientTtlName): number | undefined {
  const value = (client as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
}
