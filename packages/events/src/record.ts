import { currentTrace, randomFraction } from '@gatehouse/logger';
import { decodeTime, encodeTime, monotonicFactory } from 'ulid';
import { secretProblem } from './guard';
import { EVENT_DATA, type EventData, type EventType, type NewEvent } from './types';

/** The part of a pg client or pool recordEvent needs. */
export interface Queryable {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<unknown>;
}

/**
 * Sortable ids (ULID): their order is their time's, so the trail pages by id, newest first. Their random
 * part comes from the logger's pooled random bytes (randomFraction).
 */
export const newEventId: () => string = monotonicFactory(randomFraction);

/** The time part of the ids made at `ms`: every id made before `ms` sorts below it, every later one above. */
export const firstIdAt = (ms: number): string => encodeTime(ms, 10);

/** When an id was made (epoch ms). */
export const idTime = (id: string): number => decodeTime(id);

export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * The event's data as its type's schema gives it back, checked (against that schema, then, with the
 * actor and subject, against the secret guard): what every writer of the trail writes, recordEvent's
 * statement and the ledger's own (eventCtes). Throws InvalidEventError.
 */
export function checkedData<T extends EventType>(event: NewEvent<T>): EventData<T> {
  const schema = EVENT_DATA[event.type];
  if (!schema) throw new InvalidEventError(`unknown event type ${event.type}`);
  const parsed = schema.safeParse(event.data);
  if (!parsed.success)
    throw new InvalidEventError(`${event.type}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const problem =
    secretProblem(parsed.data) ??
    secretProblem(event.actor.id ?? null, 'actor') ??
    secretProblem(event.subjectUser ?? null, 'subject');
  if (problem) throw new InvalidEventError(`${event.type}: ${problem}; the trail holds ids and codes only`);
  return parsed.data as EventData<T>;
}

/**
 * The event checked (checkedData) and the statement that writes it with its outbox row. One
 * statement, no RETURNING: a workload that may only INSERT into the trail (payment) cannot read it
 * back. `source` is the column default (`current_user`), so a workload cannot write in another's name.
 */
export function eventStatement<T extends EventType>(
  event: NewEvent<T>,
  id: string = newEventId(),
): { text: string; values: unknown[]; name: string } {
  const data = checkedData(event);
  return {
    name: 'events.record',
    text: `WITH written AS (
             INSERT INTO events.events (id, type, actor_kind, actor_id, subject_user, request_id, client_address,
                                        user_agent, data)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           )
           INSERT INTO events.outbox (event_id) VALUES ($1)`,
    values: [
      id,
      event.type,
      event.actor.kind,
      event.actor.id ?? null,
      event.subjectUser ?? null,
      event.requestId ?? currentRequestId(),
      event.clientAddress ?? null,
      event.userAgent?.slice(0, 512) ?? null,
      JSON.stringify(data),
    ],
  };
}

/**
 * The X-Request-Id of the request being served: the trace id the gateway gave the call (the one its log
 * lines carry as trace_id), so an event is found by the request id the answer carried.
 */
export function currentRequestId(): string | null {
  return currentTrace()?.traceId ?? null;
}

/** Writes the event and its outbox row in the caller's transaction (`q` is its client). Returns the id. */
export async function recordEvent<T extends EventType>(q: Queryable, event: NewEvent<T>): Promise<string> {
  const statement = eventStatement(event);
  await q.query(statement);
  return statement.values[0] as string;
}
