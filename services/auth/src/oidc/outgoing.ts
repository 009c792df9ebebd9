import type { Configuration } from 'oidc-provider';

/**
 * The provider's calls out (a client's back-channel logout URI; a private_key_jwt client's jwks_uri).
 * oidc-provider sets a 2.5 s deadline on each (its `signal`) and a connection guard that refuses
 * private, loopback and other special-use addresses (SSRF: a URI of a client's could point inside the
 * network). With AUTH_OIDC_ALLOW_PRIVATE the guard is left out, so applications on the same internal
 * network (a cluster's service names) and a test's loopback receivers can be reached; the deadline stays.
 */
export function outgoingFetch(allowPrivate: boolean): NonNullable<Configuration['fetch']> {
  return (input, init) => {
    if (!allowPrivate || !init) return globalThis.fetch(input, init);
    // `dispatcher` is undici's option, which the library sets: without it the process's own agent is used.
    const { dispatcher: _guarded, ...rest } = init as RequestInit & { dispatcher?: unknown };
    return globalThis.fetch(input, rest);
  };
}
