// The payment service's rooms and the order they stand in (issue 38): imports only go down, so a
// feature finds its room and the rooms below it, never one above. The checker: test/layering.ts.
import path from 'node:path';
import { layeringProblems, sourceFiles } from '@gatehouse/test-kit/layering';

const SRC = path.join(__dirname, '..', 'src');

/**
 * Bottom first. A unit is a folder of src/ or a file directly in it.
 * - money.ts, errors.ts: cents and their text; the service's error codes.
 * - limits.ts, db.ts: the compliance limits (rules and how a violation reads); the Postgres pool.
 * - processor/: the processor as the domain sees it (what it reports: sales, reversals, disputes,
 *   notifications), through the braintree SDK, and dev/, the development processor. migrate.ts: the
 *   ledger's migrations. policies/: the limit policies (programme, tiers, user and card overrides), their
 *   tables, the in-memory cache kept current by NOTIFY, and headroom. velocity/: the velocity rules
 *   (issue 49 §2), their tables, cache, counting statement, file and reviews.
 * - ledger/: cards, loads, reversals and disputes in Postgres (records, the store interfaces, their SQL).
 * - loads/: a card load from request to settlement, its audit line, reconciliation of open loads.
 * - reversals/, disputes/: money that goes back, each outcome decided in its outcomes.ts; independent.
 * - statements/: a card's statement for a UTC month, from the ledger's rows read in one snapshot.
 * - settlement/: a day's settlement at the processor compared with the ledger (issue 49).
 * - notifications/: the processor's notifications, verified, kept once, dispatched (to disputes/).
 * - money-back.ts: reconciliation's round of money that goes back.
 * - payments.ts: the domain's one face (cards, loads, reversals, notifications, reconciliation, drain).
 * - config.ts: reads the environment into the settings of every layer below it.
 * - grpc/: the gRPC server and its handlers; metrics.ts: the service's own series around them.
 * - service.ts: the composition root (service-issue49.ts: its processor APIs for reconciliation and evidence; service-parts.ts: the processor it opens and the reconciliation timer); main.ts, index.ts: the process and the package; cli/: one-shot entries.
 */
const LAYERS: string[][] = [
  ['money.ts', 'errors.ts'],
  ['limits.ts', 'db.ts', 'notified-cache.ts'],
  ['processor', 'migrate.ts', 'policies', 'velocity'],
  ['ledger'],
  ['loads', 'reversals', 'disputes', 'statements', 'settlement'],
  ['notifications'],
  ['money-back.ts'],
  ['payments.ts', 'admin-views.ts'],
  ['config.ts'],
  ['grpc'],
  ['metrics.ts'],
  // tracing.ts starts the OpenTelemetry SDK before anything else loads, so only main.ts imports it.
  ['service-issue49.ts', 'service-parts.ts'],
  ['service.ts', 'tracing.ts'],
  ['main.ts', 'index.ts', 'cli'],
];

const TRANSPORT_UNITS = new Set(['grpc', 'service.ts', 'tracing.ts', 'main.ts']);

describe('payment service layering', () => {
  it('finds the modules it checks', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(25);
  });

  it('imports only go down, and only adapters use the transport', () => {
    expect(layeringProblems({ src: SRC, layers: LAYERS, transportUnits: TRANSPORT_UNITS })).toEqual([]);
  });
});
