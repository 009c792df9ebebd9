import type { Pool } from 'pg';

/** What a claim finds: the code is this session's now, another session's, or decided already. */
export type ClaimOutcome = 'claimed' | 'taken' | 'decided';

/** One poll of a device: whether it came sooner than the interval (slow_down), and the interval now. */
export interface PollOutcome {
  slowDown: boolean;
  intervalS: number;
}

/**
 * The first session to open a user code claims it; a second session finds it taken. Only the claiming
 * session's own row is touched again (the no-op update returns it), so the answer says which case it is.
 */
const CLAIM = `
INSERT INTO oidc_payloads (model, id, payload, expires_at)
VALUES ('DeviceClaim', $1, jsonb_build_object('session', $2::text), to_timestamp($3))
ON CONFLICT (model, id) DO UPDATE SET payload = oidc_payloads.payload
 WHERE oidc_payloads.payload->>'session' = $2::text
RETURNING payload->>'decided' AS decided`;

/** The claiming session decides once: the update that sets `decided` wins, any other finds it set. */
const DECIDE = `
UPDATE oidc_payloads SET payload = payload || jsonb_build_object('decided', $3::text)
 WHERE model = 'DeviceClaim' AND id = $1 AND payload->>'session' = $2::text AND NOT payload ? 'decided'`;

/**
 * A poll sooner than the interval after the last one is slowed down, and the interval grows by 5 s for
 * this and every later poll (RFC 8628 §3.5). Polls of one device through two replicas at once meet on
 * the row: the second sees the first's time. Times are the database's, one clock for every replica.
 */
const POLL = `
INSERT INTO oidc_payloads (model, id, payload, expires_at)
VALUES ('DevicePoll', $1, jsonb_build_object('interval', $2::int, 'last', extract(epoch FROM now())::float8),
        now() + make_interval(secs => $3::int))
ON CONFLICT (model, id) DO UPDATE SET payload = (
  SELECT jsonb_build_object('interval', interval_s + CASE WHEN slow THEN 5 ELSE 0 END,
                            'last', extract(epoch FROM now())::float8, 'slow', slow)
    FROM (SELECT (oidc_payloads.payload->>'interval')::int AS interval_s,
                 extract(epoch FROM now())::float8 - (oidc_payloads.payload->>'last')::float8
                   < (oidc_payloads.payload->>'interval')::int AS slow) AS last_poll)
RETURNING coalesce((payload->>'slow')::boolean, false) AS slow, (payload->>'interval')::int AS interval_s`;

/**
 * What Gatehouse keeps of a device flow beside the library's DeviceCode: which Gatehouse session claimed
 * its user code and what it decided, and the device's last poll and interval. The rows live in the
 * provider's own table under model names of ours (the library never reads them; the sweep takes them
 * when they expire, with the code), so every replica sees the same, and each change is one conditional
 * statement: two replicas cannot both win a claim, a decision or a poll.
 */
export class DeviceState {
  constructor(private readonly pool: Pool) {}

  /** Claims the device code `codeId` for the session `jti` until `expiresAtS` (the code's own expiry). */
  async claim(codeId: string, jti: string, expiresAtS: number): Promise<ClaimOutcome> {
    const { rows } = await this.pool.query<{ decided: string | null }>({
      name: 'oidc-device-claim',
      text: CLAIM,
      values: [codeId, jti, expiresAtS],
    });
    if (!rows[0]) return 'taken';
    return rows[0].decided ? 'decided' : 'claimed';
  }

  /** Records the claiming session's decision; false when it was decided already (or is not its claim). */
  async decide(codeId: string, jti: string, decision: 'approve' | 'deny'): Promise<boolean> {
    const { rowCount } = await this.pool.query({
      name: 'oidc-device-decide',
      text: DECIDE,
      values: [codeId, jti, decision],
    });
    return rowCount === 1;
  }

  /** Records a pending poll of the device code `codeId`; the first starts at `intervalS`, kept `ttlS`. */
  async poll(codeId: string, intervalS: number, ttlS: number): Promise<PollOutcome> {
    const { rows } = await this.pool.query<{ slow: boolean; interval_s: number }>({
      name: 'oidc-device-poll',
      text: POLL,
      values: [codeId, intervalS, ttlS],
    });
    return { slowDown: rows[0]?.slow ?? false, intervalS: rows[0]?.interval_s ?? intervalS };
  }
}
