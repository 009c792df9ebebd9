import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { OidcAccounts } from './accounts';
import { ACR_ONE_FACTOR, ACR_TWO_FACTORS } from './provider';
import { oidcRoutes } from './routes';
import { type BrowserSession, browserSessionOf, twoFactors } from './session';

/** The provider login a Gatehouse session stands for: its user, its login's time and factors. */
export function loginOf(session: BrowserSession): NonNullable<InteractionResults['login']> {
  return {
    accountId: session.userId,
    ts: session.authTime,
    amr: session.amr,
    acr: twoFactors(session.amr) ? ACR_TWO_FACTORS : ACR_ONE_FACTOR,
    remember: true,
  };
}

/** A middleware of the provider's own Koa app (provider.use), run before its routes. */
export type ProviderMiddleware = Parameters<Provider['use']>[0];
type ProviderContext = Parameters<ProviderMiddleware>[0];

export interface SsoDeps {
  provider: Provider;
  accounts: OidcAccounts;
  /** The provider session's lifetime (ttl.Session). */
  sessionTtlS: number;
  /** Told of a provider login taken from a Gatehouse session (back-channel logout's index). */
  linked?: (session: BrowserSession) => Promise<void>;
}

/**
 * Single sign-on before the library decides anything: an authorization request that comes with a live
 * Gatehouse session of an active user finds the provider session logged in with that session (its
 * user, login time and factors), so the library's own rules (`prompt=none`, `max_age`, `prompt=login`,
 * step-up, consent) judge the Gatehouse login itself. Without it, a browser logged in at the gateway
 * but new to the provider would get `login_required` for `prompt=none`, and every first authorization
 * would pass through a login page that only says "you are logged in".
 *
 * A provider session of another user is left as it is: the interaction then logs the new user in, and
 * the library ends the old user's provider session first (its logout step), as it does for any switch.
 */
export function followGatehouseSession(deps: SsoDeps): ProviderMiddleware {
  const { provider } = deps;
  const cookie = provider.cookieName('session');
  return async function followGatehouseSession(ctx, next) {
    if (ctx.method === 'GET' && ctx.path === oidcRoutes.authorization) await follow(ctx);
    await next();
  };

  async function follow(ctx: ProviderContext): Promise<void> {
    const browser = browserSessionOf(ctx);
    if (!browser) return;
    // A blocked user's session is no login: the login prompt's page says why.
    if (!(await deps.accounts.find(browser.userId))) return;
    const session = await provider.Session.get(ctx);
    if (session.accountId && session.accountId !== browser.userId) return;
    if (session.accountId === browser.userId && session.loginTs === browser.authTime) return;
    const login = loginOf(browser);
    session.loginAccount({ accountId: login.accountId, loginTs: login.ts, amr: login.amr, acr: login.acr });
    await session.save(deps.sessionTtlS);
    await deps.linked?.(browser);
    // The library reads its session from the request's cookie: this one's, signed as the library's
    // cookies are (keygrip over `name=value`), in place of any the browser sent. The answer sets it.
    const keys = (ctx.cookies as unknown as { keys?: { sign(data: string): string } }).keys;
    if (!keys) return;
    const others = String(ctx.req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c && !c.startsWith(`${cookie}=`) && !c.startsWith(`${cookie}.sig=`));
    const sig = keys.sign(`${cookie}=${session.jti}`);
    ctx.req.headers.cookie = [...others, `${cookie}=${session.jti}`, `${cookie}.sig=${sig}`].join('; ');
  }
}
