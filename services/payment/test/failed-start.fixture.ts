// A payment process whose start fails late (a port taken: start.test.ts): it says why and then has to
// exit on its own, which Node does only once nothing its start opened is left (server, pool, timer).
import { environment } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import { loadPaymentConfig } from '../src/config';
import { startPaymentService } from '../src/service';

startPaymentService(loadPaymentConfig(environment()), { log: createLogger({ name: 'payment', level: 'silent' }) }).then(
  () => console.log('started'),
  (err: Error) => {
    console.log(`start failed: ${err.message}`);
    process.exitCode = 1;
  },
);
