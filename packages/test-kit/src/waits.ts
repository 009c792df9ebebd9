// Waiting for a started process to answer: gRPC health SERVING, or any HTTP answer below 500.
// The module only, not the kit's index (grpc-js and all): every stack test loads this file.
import { checkHealth } from '@gatehouse/grpc-kit/src/health-client';

/** Waits until a gRPC server answers grpc.health.v1 Check with SERVING. */
export async function waitForGrpcHealth(address: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await checkHealth(address)) === 'SERVING') return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${address} did not become SERVING within ${timeoutMs} ms`);
}

export async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
