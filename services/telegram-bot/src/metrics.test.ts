import { Metrics } from '@gatehouse/metrics';
import { LocalPollerLease } from './lease';
import { watchedLease } from './metrics';

test('the lease gauge says whether this instance holds the poller lease', async () => {
  const metrics = new Metrics('telegram-bot');
  const held = async () =>
    (await metrics.registry.getSingleMetricAsString('gatehouse_telegram_lease_held')).split('\n').at(-1);
  const lease = watchedLease(new LocalPollerLease(), metrics);
  expect(await held()).toMatch(/ 0$/);
  expect(await lease.acquireOrRenew()).toBe(true);
  expect(await held()).toMatch(/ 1$/);
  await lease.release();
  expect(await held()).toMatch(/ 0$/);
});
