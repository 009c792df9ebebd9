// A process that stops as every service's main.ts does (onShutdownSignal), with a stop that takes a
// while, like a drain letting calls under way answer. shutdown-signal.test.ts signals it.
import { createLogger } from '@gatehouse/logger';
import { onShutdownSignal } from './server';

const log = createLogger({ name: 'fixture', level: 'info' });
onShutdownSignal(log, async () => {
  log.info('letting calls under way answer before closing');
  await new Promise((r) => setTimeout(r, 300));
});
setInterval(() => {}, 1000); // stays up until signalled
log.info('ready');
