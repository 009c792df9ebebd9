// When the stack `pnpm start` started is up. Asked over Node's own http and http2 (the containers'
// health probe, packages/grpc-kit/src/health-probe.ts), not grpc-js: the launcher keeps no gRPC
// client in memory for the life of the stack.
import type { ChildProcess } from 'node:child_process';
import { probeGrpc, probeHttp } from '../../packages/grpc-kit/src/health-probe';

/** A gRPC address as the probe dials it: `dns:///host:port` is host:port. */
const dialled = (address: string) => address.replace(/^dns:\/\/\//, '');

/**
 * Up means usable: every service answers gRPC health SERVING and the gateway's /health/ready says every
 * service it calls does, not merely that the gateway listens. Quietly: a route that needs the auth
 * service (/auth/list) asked too early is a 503 the gateway logs as an error with its stack. Answers the
 * services not serving after a minute (empty when up; undefined when a process exited meanwhile).
 */
export async function waitForStack(
  url: string,
  grpc: Record<string, string>,
  children: Map<string, ChildProcess>,
): Promise<string[] | undefined> {
  let notServing: string[] = [];
  for (let i = 0; i < 240; i++) {
    if ([...children.values()].some((c) => c.exitCode !== null || c.signalCode !== null)) return undefined;
    const serving = await Promise.all(Object.values(grpc).map((a) => probeGrpc(dialled(a), 1000)));
    notServing = Object.keys(grpc).filter((_, j) => !serving[j]);
    if (notServing.length === 0 && (await probeHttp(`${url}/health/ready`, 1000))) return [];
    await new Promise((r) => setTimeout(r, 250));
  }
  return notServing.length > 0 ? notServing : ['gateway'];
}
