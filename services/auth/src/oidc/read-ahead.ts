// Reading ahead within one request to the provider. oidc-provider looks a token up, then its grant,
// then its account, each a statement of its own; a refresh-token grant (the measured path, issue 45)
// spent half its SQL on those two. A token's lookup (adapter.ts) therefore reads its grant and its
// user in the same statement and leaves them here, keyed by the request (oidc-provider's own context,
// `Provider.ctx`, which it keeps per request in an AsyncLocalStorage), for the grant's and the
// account's lookups a moment later. Each is taken once: a second lookup in the same request (after the
// grant was saved, say) reads Postgres again. Outside a request (a sweep, an admin call) nothing is kept.
import Provider, { type AdapterPayload } from 'oidc-provider';

/** A directory user as the account lookup reads them (accounts.ts). */
export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  email_verified_by: string | null;
  status: string;
}

interface Ahead {
  grants: Map<string, AdapterPayload | undefined>;
  users: Map<string, UserRow | undefined>;
}

const byRequest = new WeakMap<object, Ahead>();

/** The request being answered, if any. */
function currentRequest(): object | undefined {
  return (Provider as unknown as { ctx?: object }).ctx;
}

/** Keeps what a token's lookup read beside it: its grant (undefined: none) and its user (undefined: none). */
export function keepAhead(
  grant: { id: string; payload: AdapterPayload | undefined } | undefined,
  user: { id: string; row: UserRow | undefined } | undefined,
): void {
  const request = currentRequest();
  if (!request) return;
  let ahead = byRequest.get(request);
  if (!ahead) {
    ahead = { grants: new Map(), users: new Map() };
    byRequest.set(request, ahead);
  }
  if (grant) ahead.grants.set(grant.id, grant.payload);
  if (user) ahead.users.set(user.id, user.row);
}

function take<T>(pick: (ahead: Ahead) => Map<string, T>, id: string): { value: T } | undefined {
  const request = currentRequest();
  const kept = request && byRequest.get(request);
  if (!kept) return undefined;
  const map = pick(kept);
  if (!map.has(id)) return undefined;
  const value = map.get(id) as T;
  map.delete(id);
  return { value };
}

/** The grant a token's lookup read in this request, once; undefined: look it up. */
export const takeGrant = (id: string) => take((a) => a.grants, id);

/** The user a token's lookup read in this request, once; undefined: look them up. */
export const takeUser = (id: string) => take((a) => a.users, id);
