import { OIDC_SESSION_ENDED_HEADER } from '@gatehouse/contract';
import type { Logger } from '@gatehouse/logger';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';
import { inTransaction, type ProviderSession, revokeSessionTokens } from './backchannel';
import { browserSessionOf } from './session';

type Middleware = Parameters<Provider['use']>[0];

/**
 * RP-initiated logout (`/oidc/session/end`, then the user's "Log out" on the confirmation page) logs the
 * user out of Gatehouse, not only out of the provider's session: otherwise the browser's Gatehouse
 * session would log them straight back in at the next authorization (single sign-on). After the
 * library's confirm step (which has told every client of the session by back-channel, revoked the
 * grants that end with a logout and destroyed the session), this:
 * - revokes the tokens the session issued that the library keeps (`offline_access`'s): every road a
 *   Gatehouse session ends by stops its refresh tokens, and this one too;
 * - marks the answer (OIDC_SESSION_ENDED_HEADER, the browser session's jti) for open.ts, which ends that
 *   Gatehouse session as a logout does and tells the gateway to clear its cookies.
 * Only when the provider session was the browser's user's: the library also passes through this step
 * when another user logged in at the gateway and the old provider session is thrown away (resume.js),
 * and then the new user's session must live. "Stay logged in" (no `logout`) logs out of the one
 * application only, and the Gatehouse session stays.
 */
export function rpLogoutMiddleware(deps: { pool: Pool; log: Logger }): Middleware {
  return async (ctx, next) => {
    await next();
    const c = ctx as unknown as KoaContextWithOIDC;
    if (c.oidc?.route !== 'end_session_confirm' || c.status !== 303 || !c.oidc.params?.logout) return;
    const session = c.oidc.session as unknown as ProviderSession | undefined;
    const browser = browserSessionOf(c);
    if (!session?.accountId || !browser || browser.userId !== session.accountId) return;
    try {
      await inTransaction(deps.pool, (client) => revokeSessionTokens(client, [session]));
    } catch (err) {
      deps.log.warn({ err }, "a logged-out session's remaining grants not revoked");
    }
    c.set(OIDC_SESSION_ENDED_HEADER, browser.jti);
  };
}
