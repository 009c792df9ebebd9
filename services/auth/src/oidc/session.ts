import type { TokenService } from '@gatehouse/token';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Revocations } from '../stores/revocations';

/** The browser's Gatehouse session, as the auth service checked it: who, which session, how they logged in. */
export interface BrowserSession {
  userId: string;
  jti: string;
  /** The login's time, seconds (the token's auth_time): the provider session's loginTs. */
  authTime: number;
  amr: string[];
  /** The session's active organisation (attrs.org), if any: the `organization` scope's default. */
  org?: string;
}

/**
 * The header that carries the checked session into the provider's request (tunnel.ts sets it, after
 * dropping any the request came with): the provider's checks and the interaction pages read it.
 */
export const SESSION_HEADER = 'x-gatehouse-session';

/** The browser session a request carried, or undefined. */
export function browserSessionOf(ctx: Pick<KoaContextWithOIDC, 'get'>): BrowserSession | undefined {
  return parseSession(ctx.get(SESSION_HEADER));
}

export function parseSession(text: string | undefined): BrowserSession | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as BrowserSession;
    return typeof value.userId === 'string' && typeof value.authTime === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session of `token` when it is a live Gatehouse session the auth service signed with its own key
 * (with AUTH_SECRETS_FILE a site could sign a "session" of anyone for its audience, as issue 43 found
 * for links): not expired, not a handshake, not ended. Anything else is no session: the user logs in.
 */
export async function verifyBrowserSession(
  deps: { tokens: TokenService; revocations: Revocations },
  token: string,
): Promise<BrowserSession | undefined> {
  if (!token) return undefined;
  let verified: Awaited<ReturnType<TokenService['verify']>>;
  try {
    verified = await deps.tokens.verify(token);
  } catch {
    return undefined;
  }
  const { claims, expired, signer } = verified;
  if (signer !== 'auth' || expired || claims.handshake || !claims.user?.id || !claims.jti) return undefined;
  if (typeof claims.auth_time !== 'number') return undefined;
  if (await deps.revocations.isRevoked(claims.jti)) return undefined;
  const org = claims.user.attrs?.org;
  return {
    userId: claims.user.id,
    jti: claims.jti,
    authTime: claims.auth_time,
    amr: claims.amr ?? [],
    ...(typeof org === 'string' ? { org } : {}),
  };
}

/** Whether a session gave two factors: a second factor after the first (`mfa`), or a passkey (`hwk` + `user`). */
export function twoFactors(amr: readonly string[]): boolean {
  return amr.includes('mfa') || (amr.includes('hwk') && amr.includes('user'));
}
