import type { auth } from '@gatehouse/proto';
import type Koa from 'koa';

const USER_AGENT_MAX = 512;

/**
 * The browser a login's session goes to, for its user's list of sessions (docs/accounts.md "Sessions per
 * device"): the client address as Koa reads it under GATEWAY_TRUSTED_PROXIES (X-Forwarded-For only
 * from trusted proxies), an IPv4 address without its IPv6 mapping, and the User-Agent header, cut.
 * Shown to the user, never used to decide anything.
 */
export function clientInfo(ctx: Koa.Context): auth.ClientInfo {
  return {
    ip: ctx.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ''),
    userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX),
  };
}
