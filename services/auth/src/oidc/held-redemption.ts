// A redemption's writes held until its grant has succeeded. A refresh-token grant consumes the token it
// was given, then saves the new refresh token and the access token: three statements, each a round trip
// (the refresh grant is a measured path, issue 45). Within a request to the provider, the adapter
// (adapter.ts) therefore holds the consume of a refresh token or code, and the saves of tokens that
// follow it; when the grant has answered 200, this middleware sends them as one statement, whose
// consume is still the conditional update that lets only one of two redemptions win. The loser's saves
// are not made, its grant is revoked as a reuse (adapter.ts), and its answer becomes invalid_grant: it
// issued nothing. A grant that failed after the consume (an unknown resource, say) now leaves the token
// unconsumed, where before it was spent with nothing issued.
import Provider, { type AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';

/** The models a grant consumes before issuing: their consume is held. */
const HELD_CONSUMES = new Set(['RefreshToken', 'AuthorizationCode']);

export interface HeldUpsert {
  model: string;
  id: string;
  payload: AdapterPayload;
  expiresIn: number;
}

interface Held {
  consume: { model: string; id: string };
  upserts: HeldUpsert[];
}

const byRequest = new WeakMap<object, Held>();

type ProviderMiddleware = Parameters<Provider['use']>[0];

const currentRequest = () => (Provider as unknown as { ctx?: object }).ctx;

/** Holds the consume of `model` `id` for the request's end; false: not in a request, or not held here. */
export function holdConsume(model: string, id: string): boolean {
  const request = currentRequest();
  if (!request || !HELD_CONSUMES.has(model) || byRequest.has(request)) return false;
  byRequest.set(request, { consume: { model, id }, upserts: [] });
  return true;
}

/** Holds a save that follows a held consume; false: nothing is held in this request, save it now. */
export function holdUpsert(upsert: HeldUpsert): boolean {
  const request = currentRequest();
  const held = request && byRequest.get(request);
  if (!held) return false;
  held.upserts.push(upsert);
  return true;
}

/** The columns beside the payload (adapter.ts's UPSERT has the same). */
export const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
export function upsertValues({ model, id, payload, expiresIn }: HeldUpsert): unknown[] {
  const p = payload as AdapterPayload & { uid?: string; userCode?: string };
  return [
    model,
    id,
    JSON.stringify(payload),
    text(p.grantId),
    text(p.uid),
    text(p.userCode),
    text(p.accountId),
    text(p.clientId),
    Math.max(0, Math.ceil(expiresIn || 0)),
  ];
}

const COLUMNS = 9;

/** The consume and the saves in one statement: the saves are made only if the consume won. */
function redemptionStatement(saves: number): string {
  const rows = Array.from({ length: saves }, (_, r) => {
    const at = (c: number) => `$${3 + r * COLUMNS + c}`;
    return `(${at(0)}::text, ${at(1)}::text, ${at(2)}::jsonb, ${at(3)}::text, ${at(4)}::text, ${at(5)}::text, ${at(6)}::text, ${at(7)}::text, ${at(8)}::int)`;
  });
  const saved = saves
    ? `, saved AS (
  INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, client_id, expires_at)
  SELECT v.model, v.id, v.payload, v.grant_id, v.uid, v.user_code, v.account_id, v.client_id,
         CASE WHEN v.ttl > 0 THEN now() + make_interval(secs => v.ttl) END
    FROM (VALUES ${rows.join(', ')}) AS v (model, id, payload, grant_id, uid, user_code, account_id, client_id, ttl)
   WHERE EXISTS (SELECT 1 FROM redeemed)
  ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
    user_code = EXCLUDED.user_code, account_id = EXCLUDED.account_id, client_id = EXCLUDED.client_id,
    expires_at = EXCLUDED.expires_at)`
    : '';
  return `WITH redeemed AS (
  UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL RETURNING 1)${saved}
SELECT count(*)::int AS redeemed FROM redeemed`;
}

/** Sends a request's held writes; false when another redemption of the same token or code won. */
async function redeem(pool: Pool, held: Held): Promise<boolean> {
  const values: unknown[] = [held.consume.model, held.consume.id];
  for (const upsert of held.upserts) values.push(...upsertValues(upsert));
  const { rows } = await pool.query<{ redeemed: number }>({
    name: `oidc-redeem-${held.upserts.length}`,
    text: redemptionStatement(held.upserts.length),
    values,
  });
  return rows[0]?.redeemed === 1;
}

/**
 * The provider's first middleware: after the request, a grant that answered 200 has its held writes
 * sent; one that lost its redemption answers invalid_grant, as the consume itself would have, once
 * `lost` has revoked the grant. Anything else (an error answered, no held consume) drops what was held.
 */
export function redeemAfterGrant(deps: {
  pool: Pool;
  lost(model: string, id: string): Promise<void>;
}): ProviderMiddleware {
  return async function redeemAfterGrant(ctx, next) {
    try {
      await next();
    } catch (err) {
      byRequest.delete(ctx);
      throw err;
    }
    // Keyed by the request as the adapter saw it (Provider.ctx is this ctx).
    const held = byRequest.get(ctx);
    byRequest.delete(ctx);
    if (!held || ctx.status !== 200 || (await redeem(deps.pool, held))) return;
    await deps.lost(held.consume.model, held.consume.id);
    ctx.status = 400;
    ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
  };
}
