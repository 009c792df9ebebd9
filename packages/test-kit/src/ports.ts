// Free loopback ports for the processes tests start: each Jest worker owns a block of its own.
import net from 'node:net';

const PORT_BLOCK = 1000;
const PORT_BLOCKS = 12; // 20000-31999
// TEST_PORT_BLOCK shifts a whole run to other blocks, so two runs on one machine (two checkouts) keep apart.
const PORT_BLOCK_START =
  20_000 +
  ((Number(process.env.TEST_PORT_BLOCK ?? 0) + Number(process.env.JEST_WORKER_ID ?? 1) - 1) % PORT_BLOCKS) * PORT_BLOCK;
// Jest loads this module afresh for each test file: a random start keeps the worker's next suite off
// the ports its previous suite has just released.
let nextPortOffset = Math.floor(Math.random() * PORT_BLOCK);

/**
 * A free TCP port on loopback (bound, read, released) for a process a test starts.
 *
 * Ports come from below the kernel's ephemeral range (32768 and up on Linux), where port 0 would land
 * and the outgoing connections of tests running in parallel take ports too. Each Jest worker owns its
 * own block of 1000 ports and hands them out in turn, so two workers never pick the same port and one
 * stack never gets one port twice: with random picks both happened, and a port checked free was
 * taken before the process that was to listen on it started (EADDRINUSE in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < PORT_BLOCK; attempt++) {
    const port = PORT_BLOCK_START + (nextPortOffset++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${PORT_BLOCK_START} and ${PORT_BLOCK_START + PORT_BLOCK}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
