// The recorded statements of one card load as a pgbench script (bench/payment-sql.ts records them from
// the service's own code and runs the script): one pgbench transaction is one load, each client its own
// owner and card, every value the service sent a parameter as it sent it, and the statements of one
// round trip in one pipeline.

export interface Recorded {
  text: string;
  values: unknown[];
  /** Prepared under a name by the code (a named statement), or sent as it is. */
  named: boolean;
  firstRow: Record<string, unknown> | undefined;
  /**
   * The round trip it went in: a statement sent while an earlier one was still unanswered (pg's
   * pipeline mode, one write) shares that one's round trip.
   */
  trip: number;
}

/**
 * Owner ids of the pgbench clients are numbers from here on (pgbench variables are numbers): nine
 * digits, since the trail's secret guard refuses an id of six to eight digits (a one-time code's look)
 * in the ledger's events as in every other.
 */
export const OWNER_BASE = 700_000_000;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A value as node-pg sends it as text. */
function wireText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface SqlScript {
  /** The pgbench script: one transaction of it is one card load. */
  script: string;
  /** `-D name=value` for the constants (amounts, statuses, times) the load sent. */
  defines: string[];
  /** pgbench's query mode: prepared when the code names its statements. */
  mode: 'prepared' | 'extended';
  statements: number;
  /** Round trips: a multi-statement simple query is one, and so are statements sent together. */
  roundTrips: number;
}

/**
 * The recorded statements as a pgbench script: each client is its own owner with its own card (as the
 * gateway run's users), the load id is the one the INSERT returned, every other value is the recorded
 * one, passed as a parameter as the service passes it. Statements the service sent in one round trip
 * go in one pgbench pipeline: all sent in one write, as the service's. (pgbench 15 cannot send a
 * multi-statement query as one command in prepared or extended mode: a `\;` compound fails with
 * "cannot insert multiple commands into a prepared statement".) pgbench refuses `\gset` in a pipeline,
 * so when the INSERT that returns the load id is pipelined, later statements read the id back with
 * currval of `loadIdSequence` (in a sub-select, evaluated once: the same index lookup as a parameter).
 */
export function pgbenchScript(
  recorded: Recorded[],
  ids: { ownerId: string; cardId: number; loadId: number },
  cardBase: number,
  loadIdSequence: string,
): SqlScript {
  const defines: string[] = [];
  const lines = [`\\set owner :client_id + ${OWNER_BASE}`, `\\set card :client_id + ${cardBase}`];
  let loadId: string | undefined;
  const pipelined = (trip: number) =>
    recorded.filter((r) => r.trip === trip).reduce((n, r) => n + statementsOf(r.text).length, 0) > 1;
  recorded.forEach((r, i) => {
    const expr = r.values.map((v, j): string => {
      if (v === null || v === undefined) return 'NULL';
      if (loadId && (v === ids.loadId || v === String(ids.loadId))) return loadId;
      if (v === ids.cardId || v === String(ids.cardId)) return ':card';
      if (v === ids.ownerId) return ':owner';
      if (typeof v === 'string' && v.includes(ids.ownerId)) {
        const [before, after] = [
          v.slice(0, v.indexOf(ids.ownerId)),
          v.slice(v.indexOf(ids.ownerId) + ids.ownerId.length),
        ];
        return `(${quote(before)} || :owner${after ? ` || ${quote(after)}` : ''})`;
      }
      defines.push(`v${i}_${j}=${wireText(v)}`);
      return `:v${i}_${j}`;
    });
    const text = withOwnerVariable(
      r.text.replace(/\$(\d+)/g, (_, n: string) => expr[Number(n) - 1] ?? `$${n}`),
      ids.ownerId,
    );
    const parts = statementsOf(text);
    if (parts.length > 1 && r.values.length > 0)
      throw new Error(`a recorded multi-statement query has parameters: ${r.text}`);
    const inPipeline = pipelined(r.trip);
    if (inPipeline && recorded[i - 1]?.trip !== r.trip) lines.push('\\startpipeline');
    // The reservation inserts the load, alone or inside a WITH (the running totals ride along).
    const returnsLoad = !loadId && /\bINSERT\b/i.test(r.text) && String(r.firstRow?.id) === String(ids.loadId);
    if (returnsLoad && !inPipeline) {
      lines.push(`${text} \\gset load_`);
      loadId = ':load_id';
    } else {
      lines.push(...parts.map((p) => `${p};`));
      if (returnsLoad) loadId = `(SELECT currval(${quote(loadIdSequence)}))`;
    }
    if (inPipeline && recorded[i + 1]?.trip !== r.trip) lines.push('\\endpipeline');
  });
  if (!loadId) throw new Error('no recorded INSERT returned the load id: the pgbench script cannot settle it');
  const mode = recorded.filter((r) => r.values.length > 0).every((r) => r.named) ? 'prepared' : 'extended';
  const statements = recorded.reduce((n, r) => n + statementsOf(r.text).length, 0);
  return {
    script: `${lines.join('\n')}\n`,
    defines,
    mode,
    statements,
    roundTrips: new Set(recorded.map((r) => r.trip)).size,
  };
}

/** The statements of a query text: split at each ';' outside a quoted literal. */
function statementsOf(text: string): string[] {
  return text
    .split(/;(?=(?:[^']*'[^']*')*[^']*$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A literal holding the owner id made of the client's `:owner` instead. */
function withOwnerVariable(text: string, ownerId: string): string {
  return text.replace(/(?<![A-Za-z0-9_])'((?:[^']|'')*)'/g, (literal, body: string) => {
    const at = body.indexOf(ownerId);
    if (at < 0) return literal;
    const [before, after] = [body.slice(0, at), body.slice(at + ownerId.length)];
    return `(${before ? `'${before}' || ` : ''}:owner${after ? ` || '${after}'` : ''})`;
  });
}
