import type { LimitRule } from '../limits';

/**
 * The SQL of the compliance limits' running totals (migrations/003_owner_load_totals.sql): per owner,
 * the counted amount per UTC day, hour and minute, changed in the same statement as the load itself.
 */

/** Loads that may have moved money: they count against every limit. */
export const COUNTED = `('pending', 'succeeded', 'unknown')`;
/** Loads whose money may still arrive on the card: a balance limit counts them next to the balance. */
export const IN_FLIGHT = `('pending', 'unknown')`;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The first boundary of a `width` bucket strictly after `t` (UTC buckets: epoch-aligned). */
const nextBoundary = (t: number, width: number) => new Date(Math.floor(t / width) * width + width);

/**
 * `INSERT ... SELECT` rows adding the amount of each row of `source` (a CTE with owner_id, created_at,
 * amount_cents) that matches `where` to its day, hour and minute buckets, as added (a load that counts
 * from now) or removed (one that stopped counting). The rows are written in span order (day, hour,
 * minute), the one order every writer uses, so two writers never wait on each other in a cycle.
 */
export function bucketUpsert(
  source: string,
  where: string,
  column: 'added_cents' | 'removed_cents',
  /** The load's count changes too (issue 49's count limits): not for a void or refund, whose load still happened. */
  withCount = true,
): string {
  const countColumn = column === 'added_cents' ? 'added_count' : 'removed_count';
  const count = withCount ? `, ${countColumn}` : '';
  return `INSERT INTO owner_load_totals AS t (owner_id, span, bucket_start, ${column}${count})
     SELECT ${source}.owner_id, s.span, date_trunc(s.span, ${source}.created_at, 'UTC'), ${source}.amount_cents${withCount ? ', 1' : ''}
       FROM ${source} CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
      WHERE ${where}
      ORDER BY s.span
     ON CONFLICT (owner_id, span, bucket_start) DO UPDATE SET ${column} = t.${column} + EXCLUDED.${column}${
       withCount ? `, ${countColumn} = t.${countColumn} + EXCLUDED.${countColumn}` : ''
     }`;
}

/**
 * `INSERT ... SELECT` rows recording a reversal in the load's day, hour and minute buckets, from each
 * row of `source` (owner_id, created_at, amount_cents, freed_cents, freed_count): `amount_cents` stops
 * counting for every limit (removed_cents; the load's count stays), and what the policies with
 * reversals_free leave out besides (migrations/011). One upsert: two in one statement could not both
 * change a row. The span order is the one every writer uses.
 */
export function reversalUpsert(source: string): string {
  return `INSERT INTO owner_load_totals AS t (owner_id, span, bucket_start, removed_cents, freed_cents, freed_count)
     SELECT ${source}.owner_id, s.span, date_trunc(s.span, ${source}.created_at, 'UTC'),
            ${source}.amount_cents, ${source}.freed_cents, ${source}.freed_count
       FROM ${source} CROSS JOIN (VALUES ('day'), ('hour'), ('minute')) AS s (span)
      WHERE ${source}.amount_cents > 0 OR ${source}.freed_cents > 0 OR ${source}.freed_count > 0
      ORDER BY s.span
     ON CONFLICT (owner_id, span, bucket_start) DO UPDATE
        SET removed_cents = t.removed_cents + EXCLUDED.removed_cents,
            freed_cents = t.freed_cents + EXCLUDED.freed_cents, freed_count = t.freed_count + EXCLUDED.freed_count`;
}

/** Where the usage columns get their values: the card's and owner's params, and new ones. */
interface Params {
  card(): string;
  owner(): string;
  add(value: unknown): string;
}

/**
 * Per rule, a column `r<i>`: the owner's counted total over the rolling window `(now - W, ∞)` (no upper
 * bound, as a load stamped ahead by a replica's clock counts), or the card's exposure for a balance
 * rule. Its work is bounded by the buckets (at most 59 + 23 + 365 rows per window) and one minute of
 * loads at the window's trailing edge, never by the owner's history.
 */
function usageColumns(rules: readonly LimitRule[], now: Date, p: Params): string[] {
  return rules.map((rule, i) => {
    if (rule.windowMs === undefined && !rule.lifetime) {
      const card = p.card();
      return `(SELECT balance_cents FROM cards WHERE id = ${card})
            + (SELECT coalesce(sum(amount_cents), 0) FROM loads WHERE card_id = ${card} AND status IN ${IN_FLIGHT}) AS r${i}`;
    }
    // A count rule counts loads where an amount rule sums what they still count for; a policy whose
    // reversals free their share (migrations/011) leaves out every reversed amount and reversed load.
    const free = rule.reversalsFree === true;
    const loadsMeasure = rule.count
      ? free
        ? 'count(*) FILTER (WHERE reversed_cents < amount_cents)'
        : 'count(*)'
      : free
        ? 'coalesce(sum(amount_cents - greatest(uncounted_cents, reversed_cents)), 0)'
        : 'coalesce(sum(amount_cents - uncounted_cents), 0)';
    const bucketMeasure = rule.count
      ? `added_count - removed_count${free ? ' - freed_count' : ''}`
      : `added_cents - removed_cents${free ? ' - freed_cents' : ''}`;
    if (rule.cardId !== undefined) {
      // A card policy (rare, set by an admin): the card's own loads in the window, read from the ledger
      // (loads_card_idx); only a card that has such a policy pays for this read.
      const since = rule.lifetime ? '' : ` AND created_at > ${p.add(new Date(now.getTime() - rule.windowMs!))}`;
      return `(SELECT ${loadsMeasure} FROM loads WHERE card_id = ${p.add(rule.cardId)} AND status IN ${COUNTED}${since}) AS r${i}`;
    }
    const owner = p.owner();
    const buckets = (span: string, from?: string, to?: string) =>
      `(SELECT coalesce(sum(${bucketMeasure}), 0) FROM owner_load_totals WHERE owner_id = ${owner} AND span = '${span}'${
        from ? ` AND bucket_start >= ${from}` : ''
      }${to ? ` AND bucket_start < ${to}` : ''})`;
    // Lifetime: every day bucket of the owner (one row per day with loads).
    if (rule.lifetime) return `${buckets('day')} AS r${i}`;
    const cutoff = now.getTime() - (rule.windowMs ?? 0);
    const edge = p.add(new Date(cutoff));
    const minute = p.add(nextBoundary(cutoff, MINUTE_MS));
    const hour = p.add(nextBoundary(cutoff, HOUR_MS));
    const day = p.add(nextBoundary(cutoff, DAY_MS));
    // A voided load (or a refunded one, with PAYMENT_REFUNDS_FREE_LIMITS) counts less: uncounted_cents.
    return `(SELECT ${loadsMeasure} FROM loads WHERE owner_id = ${owner} AND status IN ${COUNTED}
                AND created_at > ${edge} AND created_at < ${minute})
          + ${buckets('minute', minute, hour)} + ${buckets('hour', hour, day)} + ${buckets('day', day)} AS r${i}`;
  });
}

/** One statement giving the usage columns alone (every total from the same snapshot). */
export function usageQuery(
  rules: readonly LimitRule[],
  ownerId: string,
  cardId: number,
  now: Date,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const add = (value: unknown) => `$${values.push(value)}`;
  let owner: string | undefined;
  let card: string | undefined;
  const columns = usageColumns(rules, now, {
    card: () => (card ??= add(cardId)),
    owner: () => (owner ??= add(ownerId)),
    add,
  });
  return { text: `SELECT ${columns.join(', ')}`, values };
}

/**
 * The owner's card, the usage columns and whether the owner is closed, in one statement (one round trip,
 * one snapshot): no row when the owner has no card of that id. The card is $1 and the owner $2; the
 * usage's own values follow.
 */
export function cardWithUsageQuery(
  rules: readonly LimitRule[],
  ownerId: string,
  cardId: number,
  now: Date,
): { text: string; values: unknown[] } {
  const values: unknown[] = [cardId, ownerId];
  const columns = usageColumns(rules, now, {
    card: () => '$1',
    owner: () => '$2',
    add: (value) => `$${values.push(value)}`,
  });
  // Whether the owner is closed (an erasure under way), read with the card under the owner's lock.
  const closed = `EXISTS (SELECT 1 FROM owner_closures WHERE owner_id = $2 AND closed_until > $${values.push(now)}) AS owner_closed`;
  return {
    text: `SELECT ${['c.*', ...columns, closed].join(', ')} FROM cards c WHERE c.id = $1 AND c.owner_id = $2`,
    values,
  };
}
