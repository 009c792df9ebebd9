import { onShutdownSignal } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadAvatarConfig } from './config';
import { startAvatarService } from './server';

// The one composition root of the avatar process.
async function main(): Promise<void> {
  const log = createLogger({ name: 'avatar' });
  const config = loadAvatarConfig();
  const service = await startAvatarService(config, { log });
  onShutdownSignal(log, () => service.stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
