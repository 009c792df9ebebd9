import type { NewEvent } from '@gatehouse/events';

export { currentRequestId } from '@gatehouse/events';

import type { DisputeChange, DisputeRecord, ReversalChange, ReversalRecord } from './money-back';

/**
 * The trail's events of the ledger's changes (@gatehouse/events' vocabulary), written by the very
 * statement that makes the change: the same transaction and no extra round trip on the load path. A
 * change that does not happen (no row) writes no event. Their data is built here in SQL from the row,
 * ids, amounts and error codes only (the shapes of EVENT_DATA), never the nonce or the processor's text.
 * The actor is the card's owner, whose request made the change; reconciliation's is the system.
 */

/**
 * CTEs that write the event of each row of `rows` (at most one) and its outbox row, its id made by
 * the database (events.new_id(), computed once): a statement that runs again (pgbench, `pnpm bench`)
 * never repeats an id.
 */
function eventCtes(
  rows: string,
  requestParam: string,
  type: string,
  actor: { kind: string; id?: string },
  data: string,
  where = 'TRUE',
): string {
  return `event_id AS (SELECT events.new_id() AS id), event_written AS (
      INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, data)
      SELECT event_id.id, ${type}, ${actor.kind}, ${actor.id ?? `${rows}.owner_id`}, ${rows}.owner_id,
             ${requestParam}::text, ${data}
        FROM ${rows}, event_id WHERE ${where}
    ), event_outboxed AS (
      INSERT INTO events.outbox (event_id) SELECT event_id.id FROM ${rows}, event_id WHERE ${where}
    )`;
}

const loadData = (rows: string) =>
  `jsonb_build_object('load_id', ${rows}.id, 'card_id', ${rows}.card_id, 'amount_cents', ${rows}.amount_cents)`;
const codes = (rows: string) => `jsonb_build_object('codes', jsonb_path_query_array(${rows}.errors, '$[*].code'))`;

/** card.created for the row of `rows` (a card). */
export const cardCreatedCtes = (rows: string, requestParam: string) =>
  eventCtes(rows, requestParam, `'card.created'`, { kind: `'user'` }, `jsonb_build_object('card_id', ${rows}.id)`);

/** load.refused for a refused load of `rows`; nothing for a pending one (its event comes when it settles). */
export const loadRefusedCtes = (rows: string, requestParam: string) =>
  eventCtes(
    rows,
    requestParam,
    `'load.refused'`,
    { kind: `'user'` },
    `${loadData(rows)} || ${codes(rows)}`,
    `${rows}.status = 'refused'`,
  );

/**
 * How a load ended: load.succeeded, load.declined (failed), load.unknown; or, when `reconciledParam`
 * is true (a reconciliation round settled it), load.reconciled with its status, by the system.
 */
export const loadSettledCtes = (rows: string, reconciledParam: string, requestParam: string) =>
  eventCtes(
    rows,
    requestParam,
    `CASE WHEN ${reconciledParam}::boolean THEN 'load.reconciled'
          WHEN ${rows}.status = 'succeeded' THEN 'load.succeeded'
          WHEN ${rows}.status = 'unknown' THEN 'load.unknown' ELSE 'load.declined' END`,
    {
      kind: `CASE WHEN ${reconciledParam}::boolean THEN 'system' ELSE 'user' END`,
      id: `CASE WHEN ${reconciledParam}::boolean THEN 'payment.reconciliation' ELSE ${rows}.owner_id END`,
    },
    `${loadData(rows)} || CASE WHEN ${reconciledParam}::boolean THEN jsonb_build_object('status', ${rows}.status)
                              WHEN ${rows}.status = 'failed' THEN ${codes(rows)} ELSE '{}'::jsonb END`,
  );

/** Who asked for a reversal, as the trail's actor: `user:<id>`, `admin:<name>`, or the processor. */
function reversalActor(requestedBy: string): { kind: 'user' | 'admin' | 'system'; id: string } {
  if (requestedBy.startsWith('user:')) return { kind: 'user', id: requestedBy.slice(5) };
  if (requestedBy.startsWith('admin:')) return { kind: 'admin', id: requestedBy.slice(6) };
  return { kind: 'system', id: requestedBy };
}

/** reversal.<outcome> (or reversal.refused), written by the caller in the reversal's transaction. */
export function reversalEvent(r: ReversalRecord, outcome: ReversalChange['outcome'] | 'refused'): NewEvent {
  return {
    type: `reversal.${outcome}`,
    actor: reversalActor(r.requestedBy),
    subjectUser: r.ownerId,
    data: {
      reversal_id: r.id,
      load_id: r.loadId,
      card_id: r.cardId,
      amount_cents: r.amountCents,
      method: r.method,
      codes: r.errors.map((e) => e.code),
    },
  };
}

/** dispute.<outcome>, written by the caller in the dispute's transaction; the processor is the actor. */
export function disputeEvent(d: DisputeRecord, outcome: DisputeChange['outcome']): NewEvent {
  return {
    type: `dispute.${outcome}`,
    actor: { kind: 'system', id: 'processor' },
    subjectUser: d.ownerId,
    data: { dispute_id: d.id, card_id: d.cardId, load_id: d.loadId, amount_cents: d.amountCents, status: d.status },
  };
}
