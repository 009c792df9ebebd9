import './tracing';
import { environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { stopTracing } from '@gatehouse/telemetry';
import { loadPaymentConfig } from './config';
import { startPaymentService } from './service';

async function main(): Promise<void> {
  const config = loadPaymentConfig(environment());
  const log = createLogger({ name: 'payment', level: config.logLevel, format: config.logFormat });
  const service = await startPaymentService(config, { log });
  onShutdownSignal(log, async () => {
    await service.stop();
    await stopTracing();
  });
  // The audit trail never came (auth's migrations have not run): said in the log, then exit 1.
  void service.failed.then(async () => {
    await service.stop();
    await stopTracing();
    process.exit(1);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
