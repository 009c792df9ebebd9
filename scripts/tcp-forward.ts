// A TCP forwarder for compose: `node tcp-forward.js <listen-port> <host>:<port>`. It publishes the dev
// OAuth2 server's pages at one address (AUTH_DEV_PUBLISH) while the auth service runs as N replicas:
// every connection dials <host> anew, and compose's DNS answers with the replicas in turn. The dev
// server keeps nothing in one replica (docs/deployment.md "Scaling out"), so any of them serves any page.
import net from 'node:net';

const [listenPort, target] = process.argv.slice(2);
const match = /^(.+):(\d+)$/.exec(target ?? '');
if (!listenPort || !match) {
  console.error('usage: tcp-forward <listen-port> <host>:<port>');
  process.exit(2);
}
const [, host, port] = match as RegExpExecArray;
/** A dial that hangs is given up: the browser sees a closed connection rather than waiting for ever. */
const DIAL_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 60_000;

const server = net.createServer((client) => {
  const upstream = net.connect({ host, port: Number(port), timeout: DIAL_TIMEOUT_MS });
  upstream.once('connect', () => upstream.setTimeout(IDLE_TIMEOUT_MS));
  client.setTimeout(IDLE_TIMEOUT_MS);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  for (const socket of [client, upstream]) {
    socket.on('error', close);
    socket.on('timeout', close);
    socket.on('close', close);
  }
  client.pipe(upstream).pipe(client);
});
server.listen(Number(listenPort), '0.0.0.0', () => console.log(`forwarding :${listenPort} to ${host}:${port}`));
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
