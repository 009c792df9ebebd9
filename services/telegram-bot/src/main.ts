import './tracing';
import { environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { stopTracing } from '@gatehouse/telemetry';
import { loadTelegramConfig } from './config';
import { startTelegramService } from './service';

async function main(): Promise<void> {
  const config = loadTelegramConfig(environment());
  const log = createLogger({ name: 'telegram-bot', level: config.logLevel, format: config.logFormat });
  const service = await startTelegramService(config, { log });
  onShutdownSignal(log, async () => {
    await service.stop();
    await stopTracing();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
