// A load and the velocity rules it fired reach the trail together: the reservation's one statement
// writes the load, its reviews, load.refused when refused, and one velocity.fired per rule (dry-run ones
// too), so there is no moment, and no crash, with the load committed and its firings not (or the other
// way round). Real Postgres, the development processor, the rules from memory as the service holds them.
import { createLogger } from '@gatehouse/logger';
import type { VelocityHooks } from '../src/loads/velocity';
import type { VelocityRule } from '../src/velocity/rule';
import { testPayments } from './helpers';
import { useProcessorLedger } from './processor-ledger';

const log = createLogger({ name: 'payment-test', level: 'silent' });
const env = useProcessorLedger();
let rules: VelocityRule[] = [];
const told: string[] = [];
const hooks: VelocityHooks = {
  rules: () => rules,
  fired: async (load, fired) => {
    for (const f of fired) told.push(`${f.rule.name}@${load.loadId}`);
  },
};

const rule = (name: string, spec: Partial<VelocityRule>): VelocityRule => ({
  name,
  source: 'admin',
  subject: 'owner',
  counts: 'loads',
  threshold: 0,
  windowSeconds: 600,
  action: 'block',
  mode: 'enforce',
  ...spec,
});

/** The trail's events about `ownerId`, oldest first: type, load id and (for velocity.fired) rule and mode. */
async function trail(ownerId: string) {
  const { rows } = await env.pool.query(
    `SELECT type, (data->>'load_id')::int AS load, data->>'rule' AS rule, data->>'mode' AS mode, client_address
       FROM events.events WHERE subject_user = $1 AND type <> 'card.created' ORDER BY type, data->>'rule'`,
    [ownerId],
  );
  return rows;
}

test('a taken load: its reviews and every rule it fired (dry-run too), by the one statement, naming the load', async () => {
  rules = [rule('watch', { mode: 'dry_run' }), rule('look', { action: 'review' })];
  const payments = testPayments(env.pool, env.fake, log, { velocity: hooks });
  const ownerId = `dev_vtrail_taken_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'c');
  const answer = await payments.loadCard({
    ownerId,
    cardId: card.id,
    amountCents: 100,
    nonce: 'fake-valid-nonce',
    clientAddress: '198.51.100.7',
  });
  expect(answer.status).toBe('succeeded');
  const loadId = answer.loadId;
  expect(await trail(ownerId)).toEqual([
    { type: 'load.succeeded', load: loadId, rule: null, mode: null, client_address: null },
    { type: 'velocity.fired', load: loadId, rule: 'look', mode: 'enforce', client_address: '198.51.100.7' },
    { type: 'velocity.fired', load: loadId, rule: 'watch', mode: 'dry_run', client_address: '198.51.100.7' },
  ]);
  const { rows } = await env.pool.query('SELECT rule_name FROM velocity_reviews WHERE load_id = $1', [loadId]);
  expect(rows).toEqual([{ rule_name: 'look' }]);
  // Each fired event has its own outbox row: the webhooks deliver every one.
  const { rows: outboxed } = await env.pool.query(
    `SELECT count(*)::int AS n FROM events.outbox o JOIN events.events e ON e.id = o.event_id
      WHERE e.type = 'velocity.fired' AND e.subject_user = $1`,
    [ownerId],
  );
  expect(outboxed).toEqual([{ n: 2 }]);
  expect([...told].sort()).toEqual([`look@${loadId}`, `watch@${loadId}`]);
});

test('a refused load: load.refused and the rules it fired in the same statement; nothing is left over', async () => {
  told.length = 0;
  rules = [rule('stop', {}), rule('watch', { mode: 'dry_run', action: 'review' })];
  const payments = testPayments(env.pool, env.fake, log, { velocity: hooks });
  const ownerId = `dev_vtrail_refused_${Date.now()}`;
  const card = await payments.createCard(ownerId, 'c');
  const answer = await payments.loadCard({ ownerId, cardId: card.id, amountCents: 100, nonce: 'fake-valid-nonce' });
  expect(answer).toMatchObject({ status: 'refused', errors: [{ code: 'velocity' }] });
  expect(await trail(ownerId)).toEqual([
    { type: 'load.refused', load: answer.loadId, rule: null, mode: null, client_address: null },
    { type: 'velocity.fired', load: answer.loadId, rule: 'stop', mode: 'enforce', client_address: null },
    { type: 'velocity.fired', load: answer.loadId, rule: 'watch', mode: 'dry_run', client_address: null },
  ]);
  // A refused load is never flagged for review, even by a rule that fired on it.
  const { rows } = await env.pool.query('SELECT count(*)::int AS n FROM velocity_reviews WHERE load_id = $1', [
    answer.loadId,
  ]);
  expect(rows).toEqual([{ n: 0 }]);
  expect([...told].sort()).toEqual([`stop@${answer.loadId}`, `watch@${answer.loadId}`]);
});
