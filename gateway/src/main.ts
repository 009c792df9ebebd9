import { ConfigError, environment } from '@gatehouse/config';
import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

async function main(): Promise<void> {
  const config = loadGatewayConfig(environment());
  const log = createLogger({ name: 'gateway', level: config.logLevel });
  const gateway = await startGateway(config, log);
  onShutdownSignal(log, () => gateway.stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
