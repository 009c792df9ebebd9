import './tracing';
import { ConfigError, environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { stopTracing } from '@gatehouse/telemetry';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadGatewayConfig(environment());
  const log = createLogger({ name: 'gateway', level: config.logLevel, format: config.logFormat });
  const gateway = await startGateway(config, log);
  onShutdownSignal(log, async () => {
    await gateway.stop();
    await stopTracing();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
