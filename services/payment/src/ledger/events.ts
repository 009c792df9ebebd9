import { newEventId } from '@gatehouse/events';

/**
 * The trail's events of the ledger's changes (@gatehouse/events' vocabulary), written by the very
 * statement that makes the change: the same transaction and no extra round trip on the load path. A
 * change that does not happen (no row) writes no event. Their data is built here in SQL from the row,
 * ids, amounts and error codes only (the shapes of EVENT_DATA), never the nonce or the processor's text.
 * The actor is the card's owner, whose request made the change; reconciliation's is the system.
 */

/** Two CTEs that write the event of each row of `rows` (at most one) and its outbox row. */
function eventCtes(
  rows: string,
  idParam: string,
  type: string,
  actor: { kind: string; id?: string },
  data: string,
  where = 'TRUE',
): string {
  return `event_written AS (
      INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, data)
      SELECT ${idParam}, ${type}, ${actor.kind}, ${actor.id ?? `${rows}.owner_id`}, ${rows}.owner_id, ${data} FROM ${rows} WHERE ${where}
    ), event_outboxed AS (
      INSERT INTO events.outbox (event_id) SELECT ${idParam} FROM ${rows} WHERE ${where}
    )`;
}

const loadData = (rows: string) =>
  `jsonb_build_object('load_id', ${rows}.id, 'card_id', ${rows}.card_id, 'amount_cents', ${rows}.amount_cents)`;
const codes = (rows: string) => `jsonb_build_object('codes', jsonb_path_query_array(${rows}.errors, '$[*].code'))`;

/** card.created for the row of `rows` (a card). */
export const cardCreatedCtes = (rows: string, idParam: string) =>
  eventCtes(rows, idParam, `'card.created'`, { kind: `'user'` }, `jsonb_build_object('card_id', ${rows}.id)`);

/** load.refused for a refused load of `rows`; nothing for a pending one (its event comes when it settles). */
export const loadRefusedCtes = (rows: string, idParam: string) =>
  eventCtes(
    rows,
    idParam,
    `'load.refused'`,
    { kind: `'user'` },
    `${loadData(rows)} || ${codes(rows)}`,
    `${rows}.status = 'refused'`,
  );

/**
 * How a load ended: load.succeeded, load.declined (failed), load.unknown; or, when `reconciledParam`
 * is true (a reconciliation round settled it), load.reconciled with its status, by the system.
 */
export const loadSettledCtes = (rows: string, idParam: string, reconciledParam: string) =>
  eventCtes(
    rows,
    idParam,
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

export { newEventId };
