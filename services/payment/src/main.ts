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
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
