import { isStorableText } from '@gatehouse/postgres';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Pool, PoolClient } from 'pg';
import { USER_COLUMNS } from './accounts';
import { holdConsume, holdUpsert, upsertValues } from './held-redemption';
import { keepAhead, takeGrant } from './read-ahead';

/** The models whose entries belong to a grant and go when it is revoked (oidc-provider's grantable ones). */
export const GRANTABLE = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
] as const;

/** What the adapter tells of a redemption that lost: a code or refresh token presented twice at once. */
export interface AdapterEvents {
  /** A consumed entry of `model` was redeemed again; its grant has been revoked. */
  reused(model: string, payload: { grantId?: string; clientId?: string; accountId?: string }): void;
}

const UPSERT = `
INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::int > 0 THEN now() + make_interval(secs => $9) END)
ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
  user_code = EXCLUDED.user_code, account_id = EXCLUDED.account_id, client_id = EXCLUDED.client_id,
  expires_at = EXCLUDED.expires_at`;

const LIVE = '(expires_at IS NULL OR expires_at > now())';
/**
 * A device code past its expiry is still found until the sweep takes it: the library checks its expiry
 * itself and answers the device's poll `expired_token` (RFC 8628 §3.5), and the user-code page says
 * "expired" rather than "no such code" (device.ts).
 */
const FINDABLE = `(${LIVE} OR model = 'DeviceCode')`;

type Row = { payload: AdapterPayload; consumed: number | null };

/** The models whose lookup reads their grant and user ahead (read-ahead.ts): those the library follows so. */
const READS_AHEAD = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);
/** A token with its grant and its user beside it, in one statement (read-ahead.ts says why). */
const FIND_AHEAD = `
SELECT t.payload, extract(epoch FROM t.consumed_at)::bigint AS consumed, t.grant_id, t.account_id,
       g.payload AS grant_payload, extract(epoch FROM g.consumed_at)::bigint AS grant_consumed,
       ${USER_COLUMNS.map((c) => `u.${c} AS user_${c}`).join(', ')}
  FROM oidc_payloads t
  LEFT JOIN oidc_payloads g ON g.model = 'Grant' AND g.id = t.grant_id AND (g.expires_at IS NULL OR g.expires_at > now())
  LEFT JOIN users u ON u.id = t.account_id
 WHERE t.model = $1 AND t.id = $2 AND (t.expires_at IS NULL OR t.expires_at > now() OR t.model = 'DeviceCode')`;
type AheadRow = Row & {
  grant_id: string | null;
  account_id: string | null;
  grant_payload: AdapterPayload | null;
  grant_consumed: number | null;
} & { [K in `user_${(typeof USER_COLUMNS)[number]}`]: string | null };

/** Leaves the grant and user a token's lookup read for the same request's next lookups. */
function keepRead(row: AheadRow | undefined): void {
  if (!row) return;
  const grant = row.grant_id
    ? {
        id: row.grant_id,
        payload: payloadOf(
          row.grant_payload ? { payload: row.grant_payload, consumed: row.grant_consumed } : undefined,
        ),
      }
    : undefined;
  const user = row.account_id
    ? {
        id: row.account_id,
        row:
          row.user_id === null
            ? undefined
            : {
                id: row.user_id,
                name: row.user_name ?? '',
                email: row.user_email,
                email_verified_by: row.user_email_verified_by,
                status: row.user_status ?? '',
              },
      }
    : undefined;
  keepAhead(grant, user);
}
const payloadOf = (row: Row | undefined): AdapterPayload | undefined =>
  row ? { ...row.payload, ...(row.consumed ? { consumed: row.consumed } : {}) } : undefined;

/**
 * oidc-provider's storage in auth's Postgres (table oidc_payloads, 008_oidc.sql): every model in one
 * table, so a code issued through one replica is redeemed through another, and a token family is one
 * query away. A consume is a conditional update: of two redemptions of one refresh token or code at the
 * same moment, one wins; the other is refused (invalid_grant) and, as a reuse, revokes the whole grant.
 * Statements are named: parsed and planned once per connection (the refresh grant is a measured path).
 */
export function postgresAdapter(pool: Pool, events?: AdapterEvents): new (model: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const upsert = { model: this.model, id, payload, expiresIn };
      // A save after a held consume goes with it, once the grant has succeeded (held-redemption.ts).
      if (holdUpsert(upsert)) return;
      await pool.query({ name: 'oidc-upsert', text: UPSERT, values: upsertValues(upsert) });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      // An id from outside (a forged token) that Postgres cannot hold is nothing stored.
      if (!isStorableText(id)) return undefined;
      if (this.model === 'Grant') {
        const kept = takeGrant(id);
        if (kept) return kept.value;
      } else if (READS_AHEAD.has(this.model)) {
        const { rows } = await pool.query<AheadRow>({
          name: 'oidc-find-ahead',
          text: FIND_AHEAD,
          values: [this.model, id],
        });
        keepRead(rows[0]);
        return payloadOf(rows[0]);
      }
      const { rows } = await pool.query<Row>({
        name: 'oidc-find',
        text: `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oidc_payloads
                WHERE model = $1 AND id = $2 AND ${FINDABLE}`,
        values: [this.model, id],
      });
      return payloadOf(rows[0]);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!isStorableText(uid)) return undefined;
      const { rows } = await pool.query<Row>({
        name: 'oidc-find-uid',
        text: `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oidc_payloads
                WHERE model = $1 AND uid = $2 AND ${LIVE} LIMIT 1`,
        values: [this.model, uid],
      });
      return payloadOf(rows[0]);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (!isStorableText(userCode)) return undefined;
      const { rows } = await pool.query<Row>({
        name: 'oidc-find-user-code',
        text: `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oidc_payloads
                WHERE model = $1 AND user_code = $2 AND ${FINDABLE} LIMIT 1`,
        values: [this.model, userCode],
      });
      return payloadOf(rows[0]);
    }

    async consume(id: string): Promise<void> {
      if (holdConsume(this.model, id)) return;
      const { rowCount } = await pool.query({
        name: 'oidc-consume',
        text: 'UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL',
        values: [this.model, id],
      });
      if (rowCount === 1) return;
      await lostRedemption(pool, events, this.model, id);
      throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await pool.query({
        name: 'oidc-destroy',
        text: 'DELETE FROM oidc_payloads WHERE model = $1 AND id = $2',
        values: [this.model, id],
      });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await pool.query({
        name: 'oidc-revoke-model',
        text: 'DELETE FROM oidc_payloads WHERE model = $1 AND grant_id = $2',
        values: [this.model, grantId],
      });
    }
  };
}

/**
 * A redemption that lost: another consumed the token or code a moment ago, so this one is a reuse. The
 * grant goes with it, as oidc-provider revokes it when it finds a consumed token (RFC 9700 §4.14.2).
 */
export async function lostRedemption(pool: Pool, events: AdapterEvents | undefined, model: string, id: string) {
  const { rows } = await pool.query<Row>({
    name: 'oidc-find-consumed',
    text: 'SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oidc_payloads WHERE model = $1 AND id = $2',
    values: [model, id],
  });
  const found = payloadOf(rows[0]);
  if (found?.grantId) await revokeGrant(pool, found.grantId);
  events?.reused(model, found ?? {});
}

/** Every token, code and device code of a grant, and the grant itself: its family ends at once. */
export async function revokeGrant(pool: Pool | PoolClient, grantId: string): Promise<void> {
  await pool.query({
    name: 'oidc-revoke-grant',
    text: "DELETE FROM oidc_payloads WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)",
    values: [grantId],
  });
}

/** Removes expired entries (any replica may run it: a delete of what no lookup returns any more). */
export async function sweepExpired(pool: Pool, limit = 5000): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM oidc_payloads WHERE ctid IN (
       SELECT ctid FROM oidc_payloads WHERE expires_at < now() - interval '1 minute' LIMIT $1)`,
    [limit],
  );
  await pool.query("DELETE FROM oidc_session_links WHERE expires_at < now() - interval '1 minute'");
  return rowCount ?? 0;
}
