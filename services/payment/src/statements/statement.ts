// A card's statement for a calendar month (issue 49 §4): the balance at the month's start, every
// movement of the balance in the month in order with the balance after it, and the balance at its end.
// Months are UTC calendar months, [first day 00:00Z, next month's first day 00:00Z): a movement belongs
// to the month of the moment the ledger recorded it (a load's or reversal's settlement, a lost
// dispute's debit).
import { invalidArgument, notFound } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { cardNotFound, PaymentErrors } from '../errors';
import type { LedgerMovement, StatementSnapshot, StatementStore } from '../ledger';

export type { LedgerMovement, MovementKind, StatementSnapshot } from '../ledger';

export interface StatementLine extends LedgerMovement {
  /** The balance right after this movement. */
  balanceCents: number;
}

export interface Statement {
  cardId: number;
  /** yyyy-mm */
  month: string;
  from: Date;
  to: Date;
  openingBalanceCents: number;
  lines: StatementLine[];
  closingBalanceCents: number;
}

export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC bounds of a yyyy-mm month; INVALID_MONTH for anything else. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const m = MONTH.exec(month);
  const year = m ? Number(m[1]) : 0;
  if (!m || year < 1970 || year > 9999) {
    throw invalidArgument(PaymentErrors.INVALID_MONTH, 'month must be yyyy-mm (a UTC calendar month)');
  }
  const index = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

export const statementNotFound = (why: string) => notFound(PaymentErrors.STATEMENT_NOT_FOUND, why);

/**
 * A month with no statement: one that ended before the card existed, or one that has not begun
 * (a future month is not found rather than invalid: it is a statement that does not exist yet).
 */
export function checkMonth(bounds: { from: Date; to: Date }, cardCreatedAt: Date, now: Date): void {
  if (bounds.to <= cardCreatedAt) throw statementNotFound('no statement: the card did not exist in that month');
  if (bounds.from > now) throw statementNotFound('no statement: that month has not begun');
}

/**
 * The statement from a snapshot: each line's running balance from the opening one. The lines must
 * end on the ledger's closing balance; a ledger whose rows disagree with themselves is an error, never
 * a statement that does not add up.
 */
export function buildStatement(cardId: number, month: string, bounds: { from: Date; to: Date }, s: StatementSnapshot) {
  let balance = s.openingBalanceCents;
  const lines = s.movements.map((m): StatementLine => {
    balance += m.amountCents;
    return { ...m, balanceCents: balance };
  });
  if (balance !== s.closingBalanceCents) {
    throw new Error(`statement of card ${cardId} for ${month} does not add up: ${balance} != ${s.closingBalanceCents}`);
  }
  const statement: Statement = {
    cardId,
    month,
    ...bounds,
    openingBalanceCents: s.openingBalanceCents,
    lines,
    closingBalanceCents: s.closingBalanceCents,
  };
  return statement;
}

/**
 * Whether the ledger's rows agree with the card's kept balance: what moved it up to the month's end
 * plus what moved it since is the balance. False is a ledger fault to report, not the reader's.
 */
export const agreesWithCard = (s: StatementSnapshot) => s.closingBalanceCents + s.laterCents === s.cardBalanceCents;

/**
 * The card's statement for a UTC calendar month (yyyy-mm), from one snapshot of the ledger:
 * INVALID_MONTH for another spelling, CARD_NOT_FOUND for a card not the owner's, STATEMENT_NOT_FOUND for
 * a month that ended before the card existed or has not begun.
 */
export async function cardStatement(
  deps: { statements: StatementStore; log: Logger },
  request: { ownerId: string; cardId: number; month: string; now: Date },
): Promise<Statement> {
  const { ownerId, cardId, month, now } = request;
  const bounds = monthBounds(month);
  const snapshot = await deps.statements.read(ownerId, cardId, bounds.from, bounds.to);
  if (!snapshot) throw cardNotFound();
  checkMonth(bounds, snapshot.cardCreatedAt, now);
  if (!agreesWithCard(snapshot)) {
    // The ledger's rows and the card's kept balance disagree: a fault for finance to look at. The
    // statement still answers what the rows say (its lines add up), and says nothing it cannot show.
    deps.log.error(
      {
        cardId,
        month,
        closing: snapshot.closingBalanceCents,
        later: snapshot.laterCents,
        card: snapshot.cardBalanceCents,
      },
      'statement: the ledger rows do not add up to the card balance',
    );
  }
  return buildStatement(cardId, month, bounds, snapshot);
}
