// The transport floor of a card load: what an HTTP request to a Koa process and one grpc-js unary call
// from it to another process cost on this machine, with no work at either end (bench/bare-hop.ts and
// bench/bare-grpc.ts). Added to the SQL floor's latency it is the least a load through any HTTP gateway
// in front of a gRPC service can take here; `pnpm bench payment` measures it in the same run.
import autocannon from 'autocannon';
import { closedLoopLatencyMs, cpuMs, forkBaseline } from './harness';

export interface TransportRun {
  connections: number;
  loadsPerSecond: number;
  latencyMeanMs: number;
  /** CPU microseconds per answered request of the two processes together. */
  cpuUsPerLoad: number;
  failed: number;
}

export interface TransportFloor {
  run(connections: number, durationSec: number): Promise<TransportRun>;
  stop(): void;
}

export async function startTransportFloor(body: string): Promise<TransportFloor> {
  const far = await forkBaseline('bare-grpc.ts', []);
  const near = await forkBaseline('bare-hop.ts', ['0', far.url.replace('http://', '')]).catch((err: unknown) => {
    far.stop();
    throw err;
  });
  const cpu = () => (cpuMs(far.pid) ?? 0) + (cpuMs(near.pid) ?? 0);
  return {
    async run(connections, durationSec) {
      const before = cpu();
      const result = await autocannon({
        url: `${near.url}/cards/1/load/`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections,
        duration: durationSec,
      });
      const answered = Math.max(1, result['2xx']);
      return {
        connections,
        loadsPerSecond: result['2xx'] / result.duration,
        latencyMeanMs: closedLoopLatencyMs(result, connections),
        cpuUsPerLoad: ((cpu() - before) * 1000) / answered,
        failed: result.non2xx + result.errors,
      };
    },
    stop() {
      near.stop();
      far.stop();
    },
  };
}
