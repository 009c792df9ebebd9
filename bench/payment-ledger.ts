// After a payment benchmark: the ledger, the card balances, the answers the clients saw and the
// processor must agree.
import { Client } from 'pg';

export interface LedgerConsistency {
  ok: boolean;
  cards: number;
  succeededLoads: number;
  /** Loads the HTTP clients saw answered 200 (requests cut off at the end of a run are not counted). */
  answeredOk: number;
  /** Succeeded loads without a processor transaction id, or sharing one with another load (should be 0). */
  unmatchedSales: number;
  balanceCents: number;
  ledgerCents: number;
  /** Loads still pending or unknown after the run (should be 0). */
  unsettled: number;
  /** Cards whose balance differs from the sum of their succeeded loads. */
  driftingCards: number;
}

const connect = async (databaseUrl: string) => {
  const client = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    statement_timeout: 30_000,
  });
  await client.connect();
  return client;
};

/** Waits until no load is pending: requests cut off at the end of a run are settled a moment later. */
export async function waitForSettled(databaseUrl: string, timeoutMs = 30_000): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM payment.loads WHERE status = 'pending'");
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's cards (`cardIds`): balances equal their succeeded loads, every 200 is a succeeded
 * load, nothing is left open, and every succeeded load names a sale of its own at the processor. (The
 * service's development processor keeps its sales in its process; test/dev-processor*.test.ts hold its
 * sales to the ledger.)
 */
export async function checkLedger(
  databaseUrl: string,
  cardIds: number[],
  answeredOk: number,
  inFlightBound: number,
): Promise<LedgerConsistency> {
  const client = await connect(databaseUrl);
  let r: Record<string, string>;
  try {
    ({
      rows: [r = {}],
    } = await client.query<Record<string, string>>(
      `SELECT
        (SELECT count(*) FROM payment.cards WHERE id = ANY($1)) AS cards,
        (SELECT coalesce(sum(balance_cents), 0) FROM payment.cards WHERE id = ANY($1)) AS balance,
        (SELECT count(*) FROM payment.loads WHERE card_id = ANY($1) AND status = 'succeeded') AS succeeded,
        (SELECT coalesce(sum(amount_cents), 0) FROM payment.loads WHERE card_id = ANY($1) AND status = 'succeeded') AS ledger,
        (SELECT count(*) FROM payment.loads WHERE status IN ('pending', 'unknown')) AS unsettled,
        (SELECT count(*) - count(DISTINCT processor_transaction_id) FROM payment.loads
          WHERE card_id = ANY($1) AND status = 'succeeded') AS unmatched,
        (SELECT count(*) FROM payment.cards c WHERE c.balance_cents <> (
           SELECT coalesce(sum(amount_cents), 0) FROM payment.loads l WHERE l.card_id = c.id AND l.status = 'succeeded')) AS drifting`,
      [cardIds],
    ));
  } finally {
    await client.end();
  }
  const result = {
    cards: Number(r.cards),
    succeededLoads: Number(r.succeeded),
    answeredOk,
    unmatchedSales: Number(r.unmatched),
    balanceCents: Number(r.balance),
    ledgerCents: Number(r.ledger),
    unsettled: Number(r.unsettled),
    driftingCards: Number(r.drifting),
  };
  const ok =
    result.balanceCents === result.ledgerCents &&
    // Every 200 is a succeeded load; loads cut off at the end of a run may succeed unanswered.
    result.succeededLoads >= result.answeredOk &&
    result.succeededLoads - result.answeredOk <= inFlightBound &&
    result.unsettled === 0 &&
    result.driftingCards === 0 &&
    result.unmatchedSales === 0;
  return { ok, ...result };
}
