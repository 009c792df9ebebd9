// What the ledger reads for a card's statement (../statements/ makes the statement of it).

/** What moved a card's balance: a load credited, a void or refund given back, a lost dispute debited. */
export type MovementKind = 'load' | 'void' | 'refund' | 'dispute';

/** A movement as the ledger records it: signed cents (+ credit, - debit). */
export interface LedgerMovement {
  at: Date;
  kind: MovementKind;
  /** The load, reversal or dispute (the ledger's id of the row that moved the balance). */
  id: number;
  /** The load the movement is about (itself for a load; null for a dispute matching no load). */
  loadId: number | null;
  amountCents: number;
}

/** What the store reads in one snapshot for a statement. */
export interface StatementSnapshot {
  cardCreatedAt: Date;
  /** The balance from every movement recorded before `from`. */
  openingBalanceCents: number;
  /** The movements recorded in [from, to), in the order they happened. */
  movements: LedgerMovement[];
  /** The ledger's balance from every movement recorded before `to`. */
  closingBalanceCents: number;
  /** What moved the balance from `to` on (none for the current month). */
  laterCents: number;
  /** The card's balance as the card row keeps it: closing + later must equal it. */
  cardBalanceCents: number;
}
