// A process whose auth service start fails late (failed-start.test.ts takes a port it needs, or gives it
// a provider that cannot start), then prints what the failed start left open, as one JSON line: the
// timers made while starting that are still pending (unref'd ones included, which would not keep the
// process up but still run), and the gRPC channels still open (grpc-js's channelz registry lists every
// channel until it is closed). It never calls process.exit: the test also requires it to end by itself,
// which an open pool, Redis connection or server would prevent.
import { createHook } from 'node:async_hooks';
import path from 'node:path';
import { environment } from '@gatehouse/config';
import { createLogger } from '@gatehouse/logger';
import * as grpc from '@grpc/grpc-js';
import { loadAuthConfig } from '../src/config';
import { startAuthService } from '../src/service';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Pending timers by async id, with the first frame of this repository that made each. */
const timers = new Map<number, string>();
let watching = false;
createHook({
  init(id, type) {
    if (!watching || type !== 'Timeout') return;
    const frames = (new Error().stack ?? '').split('\n').slice(1);
    const ours = frames.find((f) => f.includes(ROOT) && !f.includes('node_modules') && !f.includes(__filename));
    timers.set(id, (ours ?? frames.find((f) => !f.includes('node:internal')) ?? '?').trim());
  },
  destroy(id) {
    timers.delete(id);
  },
}).enable();

/** The targets of the open client channels: the handler of channelz's GetTopChannels, called in-process. */
function openChannels(): Promise<string[]> {
  type Call = Parameters<ReturnType<typeof grpc.getChannelzHandlers>['GetTopChannels']>[0];
  const call = { request: { start_channel_id: '0', max_results: '1000' } } as unknown as Call;
  return new Promise((resolve, reject) =>
    grpc.getChannelzHandlers().GetTopChannels(call, (err, res) => {
      if (err) reject(err);
      else resolve((res?.channel ?? []).map((c) => c.data?.target ?? '?'));
    }),
  );
}

async function main(): Promise<void> {
  const config = loadAuthConfig(environment());
  const log = createLogger({ name: 'auth', level: 'silent' });
  watching = true;
  const failed = await startAuthService(config, { log }).then(
    async (service) => {
      await service.stop();
      return 'started';
    },
    (err: unknown) => (err as Error).message,
  );
  watching = false;
  // Timers of work that was under way when the start failed (a connection's timeout) end soon; a
  // timer still pending after this was left behind.
  const deadline = Date.now() + 3_000;
  while (timers.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  console.log(JSON.stringify({ failed, timers: [...timers.values()], channels: await openChannels() }));
}

void main();
