import { recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool } from 'pg';
import { revokeGrant } from './adapter';

/** A grant as its user sees it: which application, what it may do, since when. */
export interface UserGrant {
  id: string;
  clientId: string;
  /** The client's client_name, or its id when it has none (or is gone). */
  clientName: string;
  /** The OpenID scopes granted (openid, profile, email, offline_access...). */
  scopes: string[];
  /** Resource indicators with their granted scopes. */
  resources: Record<string, string[]>;
  createdMs: number;
}

type GrantPayload = { iat?: number; openid?: { scope?: string }; resources?: Record<string, string> };

const words = (s: string | undefined) => (s ? s.split(' ').filter(Boolean) : []);

/** The user's live grants, newest first (docs/openid-provider.md "Consent and grants"). */
export async function userGrants(pool: Pool, accountId: string): Promise<UserGrant[]> {
  const { rows } = await pool.query<{
    id: string;
    client_id: string;
    client_name: string | null;
    payload: GrantPayload;
  }>({
    name: 'oidc-user-grants',
    text: `SELECT g.id, g.client_id, c.metadata->>'client_name' AS client_name, g.payload
             FROM oidc_payloads g LEFT JOIN oidc_clients c ON c.client_id = g.client_id
            WHERE g.model = 'Grant' AND g.account_id = $1 AND (g.expires_at IS NULL OR g.expires_at > now())
            ORDER BY (g.payload->>'iat')::bigint DESC, g.id`,
    values: [accountId],
  });
  return rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    clientName: r.client_name || r.client_id,
    scopes: words(r.payload.openid?.scope),
    resources: Object.fromEntries(Object.entries(r.payload.resources ?? {}).map(([k, v]) => [k, words(v)])),
    createdMs: (r.payload.iat ?? 0) * 1000,
  }));
}

/**
 * Revokes one of the user's grants with every token, code and device code of it (its refresh tokens
 * among them: refused at once, on every replica, as they are looked up in this table), and writes
 * grant.revoked in the same transaction. Answers the grant's client, or undefined when the user has no
 * such grant (another user's is not found either).
 */
export async function revokeUserGrant(pool: Pool, accountId: string, grantId: string): Promise<string | undefined> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ client_id: string }>(
      "SELECT client_id FROM oidc_payloads WHERE model = 'Grant' AND id = $1 AND account_id = $2 FOR UPDATE",
      [grantId, accountId],
    );
    const clientId = rows[0]?.client_id;
    if (!clientId) return undefined;
    await revokeGrant(client, grantId);
    await recordEvent(client, {
      type: 'grant.revoked',
      actor: { kind: 'user', id: accountId },
      subjectUser: accountId,
      data: { client_id: clientId, reason: 'user' },
    });
    return clientId;
  });
}
