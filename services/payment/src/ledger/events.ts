import { eventCtes, type NewEvent, rowId, type StatementEvent } from '@gatehouse/events';
import type { DisputeChange, DisputeRecord, ReversalChange, ReversalRecord } from './money-back';
import type { FiredRule, LoadRecord, NewLoad, Settlement } from './records';

/**
 * The trail's events of the ledger's changes (@gatehouse/events' vocabulary). A card's and a load's
 * are written by the very statement that makes the change (eventCtes: the same transaction and no extra
 * round trip on the load path), checked first like every other event (its type's data shape, the secret
 * guard): one that would not pass is refused before the statement runs. A change that does not happen
 * (no row) writes no event. Their data is ids, amounts and error codes only, never the nonce or the
 * processor's text. The actor is the card's owner, whose request made the change; reconciliation's is
 * the system.
 */

/** The CTEs (and their parameters, from `$firstParam`) of an event about the row of the CTE `rows`. */
export type EventCtes = { text: string; values: unknown[] };

/** card.created for the card the CTE `rows` inserts (its id is the row's). */
export const cardCreatedCtes = (ownerId: string, rows: string, firstParam: number): EventCtes =>
  eventCtes(
    {
      type: 'card.created',
      actor: { kind: 'user', id: ownerId },
      subjectUser: ownerId,
      data: { card_id: rowId('id') },
    },
    { rows, firstParam },
  );

/** load.refused for a refused load the CTE `rows` inserts (its id is the row's). */
export const loadRefusedCtes = (load: NewLoad, rows: string, firstParam: number): EventCtes =>
  eventCtes(
    {
      type: 'load.refused',
      actor: { kind: 'user', id: load.ownerId },
      subjectUser: load.ownerId,
      data: {
        load_id: rowId('id'),
        card_id: load.cardId,
        amount_cents: load.amountCents,
        codes: load.errors.map((e) => e.code),
      },
    },
    { rows, firstParam },
  );

/**
 * velocity.fired for each rule that fired on the load the CTE `rows` inserts, dry-run ones too: written
 * by the reservation's statement, so a load and the rules it fired are in the trail together or not at
 * all. CTEs named fired0_, fired1_...; the parameters of all of them, from `$firstParam`.
 */
export function velocityFiredCtes(
  load: NewLoad,
  fired: readonly FiredRule[],
  rows: string,
  firstParam: number,
): EventCtes {
  const texts: string[] = [];
  const values: unknown[] = [];
  fired.forEach((f, i) => {
    const part = eventCtes(
      {
        type: 'velocity.fired',
        actor: { kind: 'user', id: load.ownerId },
        subjectUser: load.ownerId,
        clientAddress: load.clientAddress ?? null,
        data: {
          rule: f.rule,
          subject: f.subject,
          action: f.action,
          mode: f.mode,
          card_id: load.cardId,
          load_id: rowId('id'),
          owner_id: load.ownerId,
        },
      },
      { rows, firstParam: firstParam + values.length, name: `fired${i}` },
    );
    texts.push(part.text);
    values.push(...part.values);
  });
  return { text: texts.join(', '), values };
}

/** The load a settlement ends, as the trail names it. */
export type SettledLoad = Pick<LoadRecord, 'id' | 'ownerId' | 'cardId' | 'amountCents'>;

/**
 * How a load ended: load.succeeded, load.declined (failed), load.unknown; or, when a reconciliation
 * round settled it (`reconciled`), load.reconciled with its status, by the system.
 */
export function loadSettledCtes(
  load: SettledLoad,
  s: Settlement,
  reconciled: boolean,
  rows: string,
  firstParam: number,
): EventCtes {
  const base = { load_id: load.id, card_id: load.cardId, amount_cents: load.amountCents };
  const owner = { subjectUser: load.ownerId, actor: { kind: 'user' as const, id: load.ownerId } };
  const codes = s.errors.map((e) => e.code);
  const event: StatementEvent = reconciled
    ? {
        ...owner,
        type: 'load.reconciled',
        actor: { kind: 'system', id: 'payment.reconciliation' },
        data: { ...base, status: s.status },
      }
    : s.status === 'succeeded'
      ? { ...owner, type: 'load.succeeded', data: base }
      : s.status === 'unknown'
        ? { ...owner, type: 'load.unknown', data: base }
        : { ...owner, type: 'load.declined', data: { ...base, codes } };
  return eventCtes(event, { rows, firstParam });
}

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
