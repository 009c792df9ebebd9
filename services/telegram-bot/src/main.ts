import { environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadConfig } from './config';
import { start } from './service';

// The one composition root: config from the environment, then the service.
const log = createLogger({ name: 'telegram-bot' });
start(loadConfig(environment()), log).then(
  (running) => onShutdownSignal(log, running.stop),
  (err: unknown) => {
    log.fatal({ err }, 'telegram-bot failed to start');
    process.exit(1);
  },
);
