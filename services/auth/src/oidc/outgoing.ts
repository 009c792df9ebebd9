import { ForbiddenTargetError, guardedLookup, literalAddressProblem } from '@gatehouse/events';
import type { Configuration } from 'oidc-provider';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * The provider's calls out (a client's back-channel logout URI; a private_key_jwt client's jwks_uri),
 * each with the library's 2.5 s deadline (its `signal`). oidc-provider guards them against private and
 * loopback addresses with a dispatcher it builds from the process's global undici dispatcher, and when
 * the process has made no fetch yet (an auth replica whose first call out is a back-channel logout) it
 * cannot build one and sends every later request unguarded, with a warning only. So the guard is
 * Gatehouse's own, the webhooks' (@gatehouse/events ssrf.ts): names are resolved through the range
 * check when the connection is made (a later DNS change too), and a literal address is checked before.
 * AUTH_OIDC_ALLOW_PRIVATE leaves it out, for applications on the same internal network (a cluster's
 * service names) and tests' loopback receivers.
 */
export function outgoingFetch(allowPrivate: boolean): NonNullable<Configuration['fetch']> {
  const guarded = allowPrivate ? new Agent() : new Agent({ connect: { lookup: guardedLookup } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const literal = allowPrivate ? null : literalAddressProblem(url);
    if (literal) throw new ForbiddenTargetError(`${url.hostname}: ${literal}`);
    // The library's own `dispatcher` (possibly none) is replaced by this one.
    const { dispatcher: _library, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
    return undiciFetch(url, { ...(rest as object), dispatcher: guarded }) as unknown as Response;
  }) as NonNullable<Configuration['fetch']>;
}
