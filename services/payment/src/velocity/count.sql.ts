// The one statement that counts every velocity rule of a load, from the ledger's rows (not a process's
// memory, so N replicas see the same counts). Each rule is one aggregate over one index range (a card's,
// an owner's or an address's loads over the rule's window: migrations/010_velocity_rules.sql), and the
// rules are cross-joined one-row aggregates, so the answer is one row: c<i> (the count before this load)
// and h<i> (whether the card is already among an address's or owner's distinct cards).
import type { VelocityLoad, VelocityRule } from './rule';

/** What the processor declined: failed rows, but not our own failures (no answer, never sent, not found). */
const DECLINED = `status = 'failed' AND coalesce(errors->0->>'code', '') NOT IN ('processor-error', 'not-sent', 'processor-not-charged')`;
/** Every attempt but the ones refused before the processor (limits, velocity, a frozen card). */
const ATTEMPTED = `status <> 'refused'`;
/** What may have moved money, as the compliance limits count it. */
const COUNTED = `status IN ('pending', 'succeeded', 'unknown')`;

/**
 * The statement for `rules` (non-empty) and its parameters, each given once, where first used (the card,
 * the owner, the address, now, each rule's window in seconds): an unused parameter would have no type.
 * The windows are parameters, so one text serves every threshold and the text changes only when the
 * set of rules does (it is prepared once per set).
 */
export function velocityCountQuery(
  rules: readonly VelocityRule[],
  load: VelocityLoad,
  now: Date,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const named = new Map<string, string>();
  const param = (key: string, value: unknown, type: string) => {
    let ref = named.get(key);
    if (ref === undefined) {
      values.push(value);
      ref = `$${values.length}::${type}`;
      named.set(key, ref);
    }
    return ref;
  };
  const card = () => param('card', load.cardId, 'bigint');
  const subject = (rule: VelocityRule) =>
    rule.subject === 'card'
      ? `card_id = ${card()}`
      : rule.subject === 'owner'
        ? `owner_id = ${param('owner', load.ownerId, 'text')}`
        : `client_address = ${param('address', load.clientAddress, 'text')}`;
  const aggregate = (rule: VelocityRule) => {
    switch (rule.counts) {
      case 'declines':
        return `count(*) FILTER (WHERE ${DECLINED}) AS c, false AS h`;
      case 'loads':
        return `count(*) FILTER (WHERE ${ATTEMPTED}) AS c, false AS h`;
      case 'amount_cents':
        return `coalesce(sum(amount_cents) FILTER (WHERE ${COUNTED}), 0) AS c, false AS h`;
      case 'distinct_cards':
        return `count(DISTINCT card_id) FILTER (WHERE ${ATTEMPTED}) AS c,
                coalesce(bool_or(card_id = ${card()}) FILTER (WHERE ${ATTEMPTED}), false) AS h`;
    }
  };
  const parts = rules.map((rule, i) => {
    const where = subject(rule);
    const since = `${param('now', now, 'timestamptz')} - ${param(`w${i}`, rule.windowSeconds, 'integer')} * interval '1 second'`;
    return `(SELECT ${aggregate(rule)} FROM loads WHERE ${where} AND created_at > ${since}) r${i}`;
  });
  const columns = rules.map((_, i) => `r${i}.c AS c${i}, r${i}.h AS h${i}`);
  return { text: `SELECT ${columns.join(', ')} FROM ${parts.join(', ')}`, values };
}

/** The advisory lock of an address's loads: two owners loading from one address are counted in turn. */
export const ADDRESS_LOCK = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';
export const addressLockKey = (address: string) => `payment.address:${address}`;
