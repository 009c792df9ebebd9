import { environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadConfig } from './config';
import { startPaymentService } from './service';

async function main(): Promise<void> {
  const config = loadConfig(environment());
  const log = createLogger({ name: 'payment', level: config.logLevel });
  const service = await startPaymentService(config, { log });
  onShutdownSignal(log, () => service.stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
