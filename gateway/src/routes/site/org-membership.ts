import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { LRUCache } from 'lru-cache';
import type { ActiveOrg } from './org-policies';

/**
 * How long an answer is reused. A lost membership ends the member's sessions on every gateway within a
 * second anyway (the ended-sessions stream); this only spares the auth service one call per request.
 */
const REUSE_MS = 1000;
const DEADLINE_MS = 2000;

/**
 * A user's membership of an organisation named by id or slug (undefined: none), for `anyOrg` routes whose path names
 * one that is not the session's active organisation (the only org decision that needs a call). Fails
 * closed: an auth service that does not answer means no.
 */
export function orgMembership(
  organizations: PromiseClient<auth.OrganizationServiceClient>,
  log: Logger,
): (userId: string, org: string) => Promise<ActiveOrg | undefined> {
  // false: not a member (LRUCache keeps no undefined).
  const answers = new LRUCache<string, ActiveOrg | false>({ max: 10_000, ttl: REUSE_MS });
  return async (userId, org) => {
    const key = `${userId}\n${org}`;
    const known = answers.get(key);
    if (known !== undefined) return known || undefined;
    try {
      const res = await organizations.getMembership({ userId, org }, { deadlineMs: DEADLINE_MS });
      const found = res.member ? { id: res.orgId, slug: res.slug, roles: res.roles, perms: res.perms } : false;
      answers.set(key, found);
      return found || undefined;
    } catch (err) {
      log.warn({ err }, 'membership not checked: the anyOrg route refuses');
      return undefined;
    }
  };
}
