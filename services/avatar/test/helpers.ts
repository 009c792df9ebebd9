import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@gatehouse/grpc-kit';
import { createLogger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import type { AvatarConfig } from '../src/config';
import { type AvatarServiceOverrides, startAvatarService } from '../src/service';

export const quietLog = () => createLogger({ name: 'avatar-test', level: 'silent' });

export async function tempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `gh-avatar-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Settings for a test service: ephemeral port, quick fetch budget, nothing allowed but what a test adds. */
export function testConfig(overrides: Partial<AvatarConfig> = {}): AvatarConfig {
  return {
    host: '127.0.0.1',
    metricsHost: '127.0.0.1',
    port: 0,
    store: '',
    resizeLimit: 0,
    allowPrivateHosts: [],
    fetchTimeoutMs: 1500,
    fetchAttempts: 2,
    fetchRetryDelayMs: 20,
    fetchBudgetMs: 4000,
    ...overrides,
  };
}

/** Starts the service on port 0 and opens a client to it. */
export async function startTestService(config: AvatarConfig, overrides: AvatarServiceOverrides = {}) {
  const service = await startAvatarService(config, { log: quietLog(), ...overrides });
  const { grpcObject } = loadProto('avatar');
  const client = createClient(grpcObject.avatar.v1.AvatarService, `127.0.0.1:${service.port}`, {
    deadlineMs: 10_000,
  });
  return {
    service,
    client: client.call,
    async stop() {
      client.close();
      await service.stop();
    },
  };
}
