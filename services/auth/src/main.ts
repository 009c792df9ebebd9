import './tracing';
import { ConfigError, environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { DatabaseSettingError } from '@gatehouse/postgres';
import { stopTracing } from '@gatehouse/telemetry';
import { loadAuthConfig } from './config';
import { startAuthService } from './service';

async function main(): Promise<void> {
  const config = loadAuthConfig(environment());
  const log = createLogger({ name: 'auth', level: config.logLevel, format: config.logFormat });
  const service = await startAuthService(config, { log });
  onShutdownSignal(log, async () => {
    await service.stop();
    await stopTracing();
  });
}

main().catch((err: unknown) => {
  // A configuration error is the operator's to fix: print the list, not a stack.
  console.error(err instanceof ConfigError || err instanceof DatabaseSettingError ? err.message : err);
  process.exit(1);
});
