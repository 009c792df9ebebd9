import { checkedData, currentRequestId } from './record';
import type { EventData, EventType, NewEvent } from './types';

/**
 * An id the enclosing statement itself makes (the serial of the card or load it inserts), named by its
 * column in the statement's rows: the one value of an event Node cannot know before the statement runs.
 * The schema checks it as a number (0 stands in for it, which the guard lets pass: a serial is no
 * secret); a RowId where the schema wants anything but a number is refused like any wrong value.
 */
export interface RowId {
  readonly rowColumn: string;
}

export const rowId = (column: string): RowId => ({ rowColumn: column });

const isRowId = (value: unknown): value is RowId => typeof value === 'object' && value !== null && 'rowColumn' in value;

/** An event written inside another statement: its data may name the ids that statement makes. */
export type StatementEvent<T extends EventType = EventType> = T extends EventType
  ? Omit<NewEvent<T>, 'data'> & { data: { [K in keyof EventData<T>]: EventData<T>[K] | RowId } }
  : never;

/** A name spliced into the SQL: the caller's own CTE and column names, never a value. */
const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The CTEs that write `event` and its outbox row inside another statement, once for each row of the
 * CTE `rows` (one at most): the ledger's changes and their events in one statement, so one round trip
 * and one transaction, and no event for a change that did not happen (no row). The event is checked
 * first as recordEvent checks every event (checkedData: its type's schema, then the secret guard), so
 * one that would not be recorded elsewhere throws InvalidEventError here and the statement never runs.
 * Every value is a parameter, numbered from `firstParam` (append `values` to the statement's own); the
 * id is made by the database (events.new_id(), once for both rows), so a statement run again (pnpm
 * bench's pgbench floor) never repeats one. The CTEs are named event_id, event_written and event_outboxed,
 * or, with `name`, <name>_id, <name>_written and <name>_outboxed: several events in one statement.
 */
export function eventCtes(
  event: StatementEvent,
  at: { rows: string; firstParam: number; name?: string },
): { text: string; values: unknown[] } {
  const name = at.name ?? 'event';
  const given = event.data as Record<string, unknown>;
  const standIns = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, isRowId(v) ? 0 : v]));
  const data = checkedData({ ...event, data: standIns } as NewEvent) as Record<string, unknown>;
  if (!SQL_NAME.test(at.rows)) throw new Error(`eventCtes: rows "${at.rows}" is not a plain name`);
  if (!SQL_NAME.test(name)) throw new Error(`eventCtes: name "${name}" is not a plain name`);
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${at.firstParam + values.length - 1}::${type}`;
  };
  const columns = [
    param(event.type, 'text'),
    param(event.actor.kind, 'text'),
    param(event.actor.id ?? null, 'text'),
    param(event.subjectUser ?? null, 'text'),
    param(event.requestId ?? currentRequestId(), 'text'),
    param(event.clientAddress ?? null, 'text'),
    param(event.userAgent?.slice(0, 512) ?? null, 'text'),
  ];
  const fields = Object.entries(data).map(([key, value]) => {
    const row = given[key];
    if (!isRowId(row)) return `'${key}', ${param(...asParameter(value))}`;
    if (!SQL_NAME.test(row.rowColumn)) throw new Error(`eventCtes: column "${row.rowColumn}" is not a plain name`);
    return `'${key}', ${at.rows}.${row.rowColumn}`;
  });
  return {
    text: `${name}_id AS (SELECT events.new_id() AS id), ${name}_written AS (
      INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, client_address,
                                 user_agent, data)
      SELECT ${name}_id.id, ${columns.join(', ')}, jsonb_build_object(${fields.join(', ')})
        FROM ${at.rows}, ${name}_id
    ), ${name}_outboxed AS (
      INSERT INTO events.outbox (event_id) SELECT ${name}_id.id FROM ${at.rows}, ${name}_id
    )`,
    values,
  };
}

/** A checked data value as a parameter and its type: numbers, text and booleans as such, the rest JSON. */
function asParameter(value: unknown): [unknown, string] {
  if (typeof value === 'number') return [value, Number.isInteger(value) ? 'bigint' : 'numeric'];
  if (typeof value === 'string') return [value, 'text'];
  if (typeof value === 'boolean') return [value, 'boolean'];
  return [JSON.stringify(value ?? null), 'jsonb'];
}
