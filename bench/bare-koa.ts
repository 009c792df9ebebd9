// The baseline: a bare Koa app, as its own process like the gateway, answering what GET /auth/user
// answers (the same JSON body and the two security headers) without any authentication work, so the
// ratio measures the gateway's work and not the load generator's parsing of a bigger response.
import Koa from 'koa';

const port = Number(process.argv[2] ?? 0);
const body = JSON.parse(process.argv[3] ?? '{}');
const app = new Koa();
app.use((ctx) => {
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = body;
});
const server = app.listen(port, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
