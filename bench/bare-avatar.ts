// The avatar baselines: a bare Koa app, as its own process like the gateway, serving the bytes in the
// file argv[3] with the ETag check a static server does. `same` also sends what the gateway sends on
// every avatar answer (the go-pkgz security headers and an X-Request-Id of the same length, from a
// counter: generating a random one is the gateway's work); `minimal` sends ETag and caching only.
import { readFileSync } from 'node:fs';
import Koa from 'koa';

const [mode, file, etag, contentType] = process.argv.slice(2) as [string, string, string, string];
if (mode !== 'same' && mode !== 'minimal') throw new Error(`mode must be same or minimal, not ${mode}`);
const body = readFileSync(file);
const quoted = `"${etag}"`;
let answered = 0;
const app = new Koa();
app.use((ctx) => {
  if (mode === 'same') {
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Disposition', 'inline; filename="avatar"');
    ctx.set('X-Request-Id', (++answered).toString(16).padStart(32, '0'));
  }
  ctx.set('ETag', quoted);
  ctx.set('Cache-Control', 'max-age=604800');
  if (ctx.get('If-None-Match') === quoted) {
    ctx.status = 304;
    return;
  }
  ctx.type = contentType;
  ctx.body = body;
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
